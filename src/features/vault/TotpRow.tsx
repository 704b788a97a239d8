import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { CopyButton } from './CardButtons';
import { CardField } from './CardField';
import { groupDigits, useTotpCode } from './useTotpCode';

/** A code that is not shown: six bullets, grouped like a code. */
export const MASKED_TOTP = '\u2022\u2022\u2022 \u2022\u2022\u2022';
const LABEL = 'One-time code';
/** From here on the countdown turns to the warning colour: time to wait for the next code. */
const ENDING_SECONDS = 5;

export interface TotpRowProps {
  title: string;
  /** The TOTP as stored, while the entry is revealed; undefined before (the row then only says there is one). */
  totp: string | undefined;
  onCopy: () => void;
}

/** A card's two-factor row: masked until the entry is revealed, then the live code with its countdown. */
export function TotpRow({ title, totp, onCopy }: TotpRowProps) {
  const icon = <TimerOutlinedIcon fontSize="small" />;
  // Masked, the label is shown: a timer and bullets alone would not say what they stand for. Revealed,
  // the code and its countdown say it, and the code needs the room (it is never cut short).
  if (totp === undefined)
    return <CardField icon={icon} label={LABEL} value={MASKED_TOTP} monospace showLabel />;
  return <LiveCode title={title} totp={totp} onCopy={onCopy} icon={icon} />;
}

function LiveCode({ title, totp, onCopy, icon }: TotpRowProps & { totp: string; icon: ReactElement }) {
  const current = useTotpCode(totp);
  // Still masked for the moment the code maker takes to load.
  if (current === undefined)
    return <CardField icon={icon} label={LABEL} value={MASKED_TOTP} monospace showLabel />;
  if (!current) return <CardField icon={icon} label={LABEL} value="unavailable" showLabel />;
  return (
    <CardField icon={icon} label={LABEL} value={groupDigits(current.code)} monospace strong>
      <Countdown remaining={current.remaining} period={current.period} />
      <CopyButton label={`Copy one-time code for ${title}`} onClick={onCopy} />
    </CardField>
  );
}

/** The seconds the code has left: a ring that empties, with the number inside (the detail panel's too). */
export function Countdown({ remaining, period }: { remaining: number; period: number }) {
  const ending = remaining <= ENDING_SECONDS;
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 34,
        height: 34,
      }}
    >
      <CircularProgress
        variant="determinate"
        value={remaining}
        min={0}
        max={period}
        size={28}
        thickness={4.5}
        enableTrackSlot
        color={ending ? 'warning' : 'primary'}
        aria-label="Seconds until a new code"
        aria-valuetext={`${remaining} ${remaining === 1 ? 'second' : 'seconds'}`}
      />
      <Typography
        aria-hidden
        component="span"
        sx={{
          position: 'absolute',
          fontSize: 11,
          fontWeight: 600,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          color: ending ? 'warning.main' : 'text.secondary',
        }}
      >
        {remaining}
      </Typography>
    </Box>
  );
}
