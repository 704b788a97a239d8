import { useEffect, useState } from 'react';
import { totpCodeAt, type TotpCode } from '../../common/totp';

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
 * second with the seconds it has left. Null when `totp` is empty or not a TOTP. The value lives in this
 * component's state only, like the secret it comes from.
 */
export function useTotpCode(totp: string): TotpCode | null {
  // The row that shows a code mounts at the reveal: the clock starts then.
  const now = useSecondClock(totp.trim() !== '');
  return totpCodeAt(totp, now);
}

/** '123456' -> '123 456', '12345678' -> '1234 5678': easier to read and to type elsewhere. */
export function groupDigits(code: string): string {
  if (code.length < 6) return code;
  const half = Math.floor(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}
