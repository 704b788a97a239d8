import { useCallback, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useSnackbar } from 'notistack';
import { useUnlockWindow } from '../../features/masterPassword';

/** From here the top bar has room for the words; below, the lock and the minutes. */
const ROOMY_QUERY = '(min-width:1100px)';

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** Whole minutes left of the window (at least 1 while it is open), kept current by a 1 s clock. */
function useMinutesLeft(endsAt: number | null): number | null {
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (endsAt === null) return () => undefined;
      const timer = setInterval(onTick, 1000);
      return () => clearInterval(timer);
    },
    [endsAt],
  );
  return useSyncExternalStore(subscribe, () =>
    endsAt === null ? null : Math.max(1, Math.ceil((endsAt - Date.now()) / 60_000)),
  );
}

/**
 * Issue 15: while this tab's unlock window is open, a "Lock now" button with the minutes left. It
 * forgets the tab's key, ends the window on the server, and the next vault action asks again.
 */
export default function LockNowButton() {
  const compact = !useMediaQuery(ROOMY_QUERY, { noSsr: true });
  const { endsAt, lock } = useUnlockWindow();
  const minutes = useMinutesLeft(endsAt);
  const { enqueueSnackbar } = useSnackbar();
  if (minutes === null) return null;

  const lockNow = async () => {
    const message = await lock();
    enqueueSnackbar(message, { variant: 'success' });
    // The button went with the window: the focus goes to the page, not nowhere.
    if (document.activeElement === document.body) document.getElementById('main-content')?.focus();
  };

  return (
    <Tooltip
      describeChild
      title={`Your vault stays unlocked in this tab for ${minutesText(minutes)} more. Lock it now to be asked for the master password again.`}
    >
      <Button
        color="warning"
        variant="outlined"
        size="small"
        startIcon={<LockOutlined />}
        onClick={() => void lockNow()}
        // Narrow: the minutes only on screen; the name still says what the button does.
        aria-label={compact ? `Lock now, ${minutes} min left` : undefined}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap', ...(compact ? { minWidth: 0, px: 1 } : { mr: 1.5 }) }}
      >
        {compact ? (
          `${minutes} min`
        ) : (
          <>
            Lock now
            <Box component="span" sx={{ ml: 0.75, fontWeight: 400 }}>
              · {minutes} min left
            </Box>
          </>
        )}
      </Button>
    </Tooltip>
  );
}
