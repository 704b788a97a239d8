import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { TOTP_ENDING_SECONDS } from './useTotpCode';

/** The seconds the code has left: a ring that empties, with the number inside (the detail panel's). */
export function Countdown({ remaining, period }: { remaining: number; period: number }) {
  const ending = remaining <= TOTP_ENDING_SECONDS;
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
