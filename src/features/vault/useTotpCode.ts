import { useEffect, useState } from 'react';
import type { TotpCode } from '../../common/totp';

type TotpCodes = typeof import('../../common/totp');

/** From here on a code's countdown turns to the warning colour: time to wait for the next code. */
export const TOTP_ENDING_SECONDS = 5;

let loaded: TotpCodes | undefined;
let loading: Promise<TotpCodes> | undefined;

/**
 * The code maker (the otpauth library, ~10 KB gzipped) comes when a code is first shown or copied, or
 * when the page is idle, not with the list that shows the entries (npm run bench: first cards). A failed
 * load (offline) is tried again at the next need.
 */
export function loadTotpCodes(): Promise<TotpCodes> {
  loading ??= import('../../common/totp').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function useTotpCodes(): TotpCodes | undefined {
  const [codes, setCodes] = useState(loaded);
  useEffect(() => {
    if (codes) return undefined;
    let current = true;
    loadTotpCodes().then(
      (module) => current && setCodes(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [codes]);
  return codes;
}

/** The clock, read again at every turn of a second while `running`. */
function useSecondClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // At the turn of the next second, so the code changes when its step ends, not up to 1 s later.
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        1000 - (Date.now() % 1000),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [running]);
  return now;
}

/**
 * The current code of a revealed entry's TOTP, computed in the browser (RFC 6238) and recomputed every
 * second with the seconds it has left. Null when `totp` is empty or not a TOTP; undefined while the code
 * maker loads. The value lives in this component's state only, like the secret it comes from.
 */
export function useTotpCode(totp: string): TotpCode | null | undefined {
  const codes = useTotpCodes();
  // The row that shows a code mounts at the reveal: the clock starts then.
  const now = useSecondClock(totp.trim() !== '');
  return codes ? codes.totpCodeAt(totp, now) : undefined;
}

/** '123456' -> '123 456', '12345678' -> '1234 5678': easier to read and to type elsewhere. */
export function groupDigits(code: string): string {
  if (code.length < 6) return code;
  const half = Math.floor(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}
