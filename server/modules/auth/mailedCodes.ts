// Codes mailed to an address for one purpose (registration, password reset, lifting a master-password
// pause): sending them (60 s apart, hourly and daily caps per address) and checking them (per subject,
// 15-minute and daily caps; the first refusal of a day can alert the owner). Other modules use these
// for their own purposes; the codes table stays the auth module's.
import type { AppContext } from '../../context';
import { HttpError, badRequest, tooManyRequests } from '../../http/errors';
import type { MailMessage } from '../../mail/mailer';
import { MailError } from '../../mail/mailer';
import { LIMITS, enforce, firstTimeToday, waitText } from '../../security/limits';
import type { Executor } from './auth.repository';
import {
  checkCode,
  cooldownSeconds,
  issueCode,
  retireOlderCodes,
  useCode,
  withdrawCode,
  type CheckOptions,
  type CodeSubject,
} from './codes';

export const MAIL_FAILED = 'We could not send the e-mail. Please try again later.';
export const INVALID_CODE = 'Invalid or expired code';
export const TOO_MANY_CODE_MAILS = 'Too many codes were sent to this address.';

const subjectKey = (subject: CodeSubject) => `${subject.purpose}:${subject.registrationId ?? subject.email}`;

export function cooldownError(waitSeconds: number): HttpError {
  return tooManyRequests(`Please wait ${waitText(waitSeconds)} before requesting a new code`, waitSeconds);
}

export interface SendOptions {
  /** The cooldown covers this subject instead (registration: every registration of the address). */
  cooldownSubject?: CodeSubject;
  /** The database write that must exist for the code to make sense (a pending registration). */
  before?: (trx: Executor) => Promise<void>;
  /** Undoes `before` when the mail cannot be sent. */
  undo?: () => Promise<void>;
}

/** Sends a fresh code for `subject`; older codes of the subject stop working once it is sent. */
export async function sendMailedCode(
  ctx: AppContext,
  subject: CodeSubject,
  mail: (code: string) => MailMessage,
  options: SendOptions = {},
): Promise<void> {
  const now = ctx.now();
  const wait = await cooldownSeconds(ctx.db, options.cooldownSubject ?? subject, now);
  if (wait > 0) throw cooldownError(wait);
  await enforce(
    ctx,
    `code-mail:${subject.purpose}:${subject.email}`,
    [LIMITS.codeMails, LIMITS.codeMailsDaily],
    {
      message: TOO_MANY_CODE_MAILS,
    },
  );
  const issued = await ctx.db.transaction().execute(async (trx) => {
    await options.before?.(trx);
    return issueCode(trx, subject, now);
  });
  try {
    await ctx.mailer.send(mail(issued.code));
  } catch (error) {
    await withdrawCode(ctx.db, issued.id);
    await options.undo?.();
    throw error instanceof MailError ? new HttpError(502, MAIL_FAILED) : error;
  }
  await retireOlderCodes(ctx.db, subject, issued.id);
}

export interface CheckMailedCodeOptions extends CheckOptions {
  /** The 400 message of a wrong code. */
  invalid?: string;
  /**
   * A rule checked once the code is right, before anything is written. When it throws, the code is used
   * up all the same: one code cannot ask the rule again and again (it may compare with a secret).
   */
  guard?: () => Promise<void>;
  /** Runs once a day when the subject's daily cap of wrong codes is reached (an alert to the owner). */
  onDailyCap?: () => void;
}

/** Counts a check of a code of `subject`: 429 past the caps; the daily cap can alert the owner. */
async function limitChecks(ctx: AppContext, subject: CodeSubject, options: CheckMailedCodeOptions) {
  const key = `code-check:${subjectKey(subject)}`;
  await enforce(ctx, key, [LIMITS.codeChecks, LIMITS.codeChecksDaily], {}, async (rule) => {
    if (rule === LIMITS.codeChecksDaily && options.onDailyCap && (await firstTimeToday(ctx, key))) {
      options.onDailyCap();
    }
  });
}

/**
 * Checks `otp` for `subject` and, when right, uses it up and runs `act` in the same transaction (all or
 * nothing: a code is never spent on an action that failed). 400 when wrong, 429 past the caps.
 */
export async function checkMailedCode<T>(
  ctx: AppContext,
  subject: CodeSubject,
  otp: string,
  act: (trx: Executor) => Promise<T>,
  options: CheckMailedCodeOptions = {},
): Promise<T> {
  await limitChecks(ctx, subject, options);
  const invalid = () => badRequest(options.invalid ?? INVALID_CODE);
  const now = ctx.now();
  const codeId = await checkCode(ctx.db, subject, otp, now, options);
  if (!codeId) throw invalid();
  try {
    await options.guard?.();
  } catch (error) {
    await useCode(ctx.db, codeId, now);
    throw error;
  }
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, codeId, now))) return { used: false as const };
    return { used: true as const, value: await act(trx) };
  });
  if (!done.used) throw invalid();
  return done.value;
}

/** Checks a code without using it (the reset wizard's step 2); the same caps apply. */
export async function verifyMailedCode(
  ctx: AppContext,
  subject: CodeSubject,
  otp: string,
  options: CheckMailedCodeOptions = {},
): Promise<void> {
  await limitChecks(ctx, subject, options);
  if (!(await checkCode(ctx.db, subject, otp, ctx.now(), { markVerified: true }))) {
    throw badRequest(options.invalid ?? INVALID_CODE);
  }
}
