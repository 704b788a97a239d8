import { MASKED_TOTP } from '../../../common/constants';
import { groupDigits, TOTP_ENDING_SECONDS, useTotpCode } from '../useTotpCode';
import { CopyButton, Line, Slot } from './entryParts';

const LABEL = 'One-time code';

export interface EntryTotpProps {
  title: string;
  /** The TOTP as stored while the entry is revealed; undefined before (the line says there is one). */
  totp: string | undefined;
  onCopy: () => void;
}

/** A card's two-factor line: masked until the entry is revealed, then the live code and its seconds. */
export function EntryTotp({ title, totp, onCopy }: EntryTotpProps) {
  if (totp === undefined) return <MaskedCode />;
  return <LiveCode title={title} totp={totp} onCopy={onCopy} />;
}

function MaskedCode() {
  return (
    <Line glyph="timer" label={LABEL} showLabel className="pv-mono" buttons={<Slot />}>
      {MASKED_TOTP}
    </Line>
  );
}

function LiveCode({ title, totp, onCopy }: EntryTotpProps & { totp: string }) {
  const current = useTotpCode(totp);
  // Still masked for the moment the code maker takes to load.
  if (current === undefined) return <MaskedCode />;
  if (!current) {
    return (
      <Line glyph="timer" label={LABEL} showLabel buttons={<Slot />}>
        unavailable
      </Line>
    );
  }
  const ending = current.remaining <= TOTP_ENDING_SECONDS;
  return (
    <Line
      glyph="timer"
      label={LABEL}
      className="pv-mono pv-strong"
      buttons={
        <>
          <Countdown remaining={current.remaining} period={current.period} ending={ending} />
          <CopyButton label={`Copy one-time code for ${title}`} onClick={onCopy} />
        </>
      }
    >
      {groupDigits(current.code)}
    </Line>
  );
}

const RING = 2 * Math.PI * 10;

/** The seconds the code has left: a ring that empties, with the number inside. */
function Countdown({ remaining, period, ending }: { remaining: number; period: number; ending: boolean }) {
  return (
    <span
      className={ending ? 'pv-countdown pv-countdown-ending' : 'pv-countdown'}
      role="progressbar"
      aria-label="Seconds until a new code"
      aria-valuemin={0}
      aria-valuemax={period}
      aria-valuenow={remaining}
      aria-valuetext={`${remaining} ${remaining === 1 ? 'second' : 'seconds'}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="pv-ring-track" cx="12" cy="12" r="10" />
        <circle
          className="pv-ring"
          cx="12"
          cy="12"
          r="10"
          strokeDasharray={RING}
          strokeDashoffset={RING * (1 - remaining / period)}
        />
      </svg>
      <span aria-hidden="true">{remaining}</span>
    </span>
  );
}
