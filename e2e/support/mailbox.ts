// Reads the mails that the end-to-end SMTP server (globalSetup) filed, one JSON file each.
import fs from 'node:fs';
import path from 'node:path';
import { E2E_MAIL_DIR } from './env';

/** What globalSetup files for each mail: already decoded by server/test/smtpServer.ts. */
interface StoredMail {
  to: string[];
  subject: string;
  text: string;
}

function mailsTo(address: string): { file: string; mail: StoredMail }[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .sort()
    .map((file) => ({
      file,
      mail: JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')) as StoredMail,
    }))
    .filter(({ mail }) => mail.to.includes(address.toLowerCase()));
}

/** How many mails `address` has received so far: pass it to `nextCode` to wait for a newer one. */
export function mailCount(address: string): number {
  return mailsTo(address).length;
}

/**
 * The 6-digit code of the first code mail to `address` after the first `after` mails. Code mails carry
 * the code in their subject; security alerts (sign-ins and the like) in between are passed over.
 */
export async function nextCode(address: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const { mail } of mailsTo(address).slice(after)) {
      const match = /\b(\d{6})\b/.exec(mail.subject);
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mail to ${address} within ${timeoutMs} ms`);
}
