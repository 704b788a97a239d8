import os from 'node:os';
import path from 'node:path';

/** Where the end-to-end run keeps its server's data and the mails its SMTP server received. */
export const E2E_DIR = process.env.E2E_DIR || path.join(os.tmpdir(), 'passvault-e2e');
export const E2E_MAIL_DIR = path.join(E2E_DIR, 'mail');
export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 3225);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
