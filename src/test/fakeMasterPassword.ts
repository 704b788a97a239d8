// Test helper (not used by the app): the server's master-password rules, for the fake servers of the
// screen tests. Like server/modules/vault/masterPassword.service.ts: three wrong ones end the
// session, ten in a day pause unlocking until the mailed code, and every refusal says what remains.
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../common/constants';
import type { MockAnswer } from './mockApi';

export const UNLOCK_CODE = '482913';
const DAILY_CAP = 10;

export interface FakeMasterPassword {
  /** Undefined when `given` is the master password (the action goes on), else the server's refusal. */
  check(given: unknown): MockAnswer | undefined;
  /** GET /auth/master-password/status, POST .../unlock-code, POST .../unlock, POST /auth/verify-master. */
  routes: Record<string, (body: Record<string, unknown>) => MockAnswer>;
  /** As if ten wrong ones had been entered today. */
  pause(): void;
  state: { attemptsRemaining: number; failuresToday: number; paused: boolean; sessionEnded: boolean };
}

export function fakeMasterPassword(master: string): FakeMasterPassword {
  const state = {
    attemptsRemaining: MAX_MASTER_PASSWORD_ATTEMPTS,
    failuresToday: 0,
    paused: false,
    sessionEnded: false,
  };
  const paused = (): MockAnswer => ({
    status: 429,
    body: {
      message:
        'Too many wrong master passwords for this account. Unlocking is paused: enter the code we e-mail you to go on.',
      reason: 'master-password-locked',
      retryAfterSeconds: 86_000,
    },
  });
  const check = (given: unknown): MockAnswer | undefined => {
    if (state.sessionEnded) return { status: 401, body: { message: 'Token is not valid' } };
    if (state.paused) return paused();
    if (given === master) {
      state.attemptsRemaining = MAX_MASTER_PASSWORD_ATTEMPTS;
      state.failuresToday = 0;
      return undefined;
    }
    state.attemptsRemaining -= 1;
    state.failuresToday += 1;
    if (state.attemptsRemaining === 0) {
      state.sessionEnded = true;
      return {
        status: 401,
        body: {
          message: 'Too many wrong master passwords: this session has ended. Please sign in again.',
          reason: 'master-password-session-ended',
          attemptsRemaining: 0,
        },
      };
    }
    if (state.failuresToday >= DAILY_CAP) {
      state.paused = true;
      return paused();
    }
    return {
      status: 401,
      body: { message: 'Invalid master password', attemptsRemaining: state.attemptsRemaining },
    };
  };
  return {
    check,
    state,
    pause: () => {
      state.paused = true;
    },
    routes: {
      'POST /auth/verify-master': (body) =>
        check(body.masterPassword) ?? { body: { success: true, message: 'Master password verified' } },
      'GET /auth/master-password/status': () => ({
        body: {
          success: true,
          data: {
            attemptsRemaining: state.attemptsRemaining,
            ...(state.paused ? { pausedUntil: new Date(Date.now() + 86_000_000).toISOString() } : {}),
          },
        },
      }),
      'POST /auth/master-password/unlock-code': () =>
        state.paused
          ? { body: { success: true, message: 'We sent an unlock code to your e-mail address' } }
          : { status: 409, body: { message: 'Unlocking is not paused' } },
      'POST /auth/master-password/unlock': (body) => {
        if (!state.paused) return { status: 409, body: { message: 'Unlocking is not paused' } };
        if (body.otp !== UNLOCK_CODE) return { status: 400, body: { message: 'Invalid or expired code' } };
        state.paused = false;
        state.failuresToday = 0;
        state.attemptsRemaining = MAX_MASTER_PASSWORD_ATTEMPTS;
        return { body: { success: true, message: 'Unlocking is possible again' } };
      },
    },
  };
}
