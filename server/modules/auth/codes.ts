// One-time codes: 6 digits from the CSPRNG, stored hashed with their row id, valid 10 minutes,
// single use, at most 5 tries. Only the newest code of a subject (an e-mail and purpose, and for
// registration codes one registration) counts.
import {
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_TTL_MINUTES,
  RESEND_COOLDOWN_SECONDS,
} from '../../../src/common/constants';
import { hashCode, newId, newOtp, safeEqual } from '../../crypto/tokens';
import {
  consumeCode,
  deleteCodeById,
  deleteCodesExpiredBefore,
  deleteOtherCodes,
  findNewestCode,
  insertCode,
  releaseCodeTry,
  reserveCodeTry,
  type CodeSubject,
  type Executor,
} from './auth.repository';

export type { CodeSubject };

const OTP_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
/** Codes stay in the table a day after they expire (cooldowns read them), then go. */
const EXPIRED_CODE_RETENTION_MS = 24 * 60 * 60 * 1000;
const OTP_FORMAT = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export interface IssuedCode {
  id: string;
  /** The plain code: goes into the mail and nowhere else. */
  code: string;
}

/**
 * Seconds left before another code may be sent for this subject (0: now). A subject without a
 * registration id covers every registration of the e-mail.
 */
export async function cooldownSeconds(db: Executor, subject: CodeSubject, now: Date): Promise<number> {
  const newest = await findNewestCode(db, subject);
  if (!newest) return 0;
  const elapsedMs = now.getTime() - Date.parse(newest.created_at);
  const leftMs = RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** Stores a new code. Older codes stop counting at once; `retireOlderCodes` deletes them once the mail left. */
export async function issueCode(db: Executor, subject: CodeSubject, now: Date): Promise<IssuedCode> {
  await deleteCodesExpiredBefore(db, new Date(now.getTime() - EXPIRED_CODE_RETENTION_MS).toISOString());
  const id = newId();
  const code = newOtp();
  await insertCode(db, {
    id,
    email: subject.email,
    purpose: subject.purpose,
    registration_id: subject.registrationId ?? null,
    code_hash: hashCode(id, code),
    tries: 0,
    verified_at: null,
    used_at: null,
    expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  return { id, code };
}

export function retireOlderCodes(db: Executor, subject: CodeSubject, keepId: string): Promise<void> {
  return deleteOtherCodes(db, subject, keepId);
}

/** Takes back a code whose mail could not be sent. */
export function withdrawCode(db: Executor, id: string): Promise<void> {
  return deleteCodeById(db, id);
}

export interface CheckOptions {
  /** Record that the code was verified (reset: step 2); the code stays usable for step 3. */
  markVerified?: boolean;
}

/**
 * Checks `otp` against the newest live code of the subject. Each wrong guess costs one of the code's
 * tries (booked before the comparison); the right code costs none. Returns the code's id, or null.
 * Does not consume the code: `useCode` does, inside the transaction that acts on it.
 */
export async function checkCode(
  db: Executor,
  subject: CodeSubject,
  otp: string,
  now: Date,
  options: CheckOptions = {},
): Promise<string | null> {
  if (!OTP_FORMAT.test(otp)) return null;
  const newest = await findNewestCode(db, subject);
  if (!newest || newest.used_at !== null) return null;
  const nowIso = now.toISOString();
  if (!(await reserveCodeTry(db, newest.id, OTP_MAX_TRIES, nowIso))) return null;
  if (!safeEqual(hashCode(newest.id, otp), newest.code_hash)) return null;
  await releaseCodeTry(db, newest.id, options.markVerified ? nowIso : null);
  return newest.id;
}

/** Marks a checked code used; false when a parallel request used it first (or it just expired). */
export function useCode(db: Executor, id: string, now: Date): Promise<boolean> {
  return consumeCode(db, id, now.toISOString());
}
