import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { isApiFailure, messageOf } from '../../shared/api/errorText';
import { OTP_LENGTH, RESEND_COOLDOWN_SECONDS } from '../../common/constants';
import { OtpField } from '../../shared/ui/OtpField';
import { useCountdown } from '../../shared/ui/useCountdown';
import { useAppDispatch } from '../../app/hooks';
import { masterPasswordApi } from './masterPasswordApi';

export interface UnlockPausedPanelProps {
  /** When the pause ends by itself. */
  pausedUntil: string;
  /** The pause was lifted with the mailed code. */
  onUnlocked?: () => void;
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The step that replaces the master password while unlocking is paused for the account (ten wrong
 * master passwords in a day): a code mailed to the account lifts the pause. The code stays in this
 * component's state for the one request.
 */
export function UnlockPausedPanel({ pausedUntil, onUnlocked }: UnlockPausedPanelProps) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { remaining, restart } = useCountdown(0);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'unlock' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setBusy('send');
    try {
      const message = await dispatch(
        masterPasswordApi.endpoints.sendUnlockCode.initiate(undefined, { track: false }),
      ).unwrap();
      enqueueSnackbar(message || 'We sent an unlock code to your e-mail address', { variant: 'success' });
      setSent(true);
      restart(RESEND_COOLDOWN_SECONDS);
    } catch (failure) {
      enqueueSnackbar(messageOf(failure, 'The code could not be sent'), { variant: 'error' });
      if (isApiFailure(failure) && failure.retryAfterSeconds) {
        setSent(true);
        restart(failure.retryAfterSeconds);
      }
    } finally {
      setBusy(null);
    }
  };

  const unlock = async () => {
    if (code.length !== OTP_LENGTH) {
      setError('Please enter the 6-digit code from the e-mail');
      return;
    }
    setBusy('unlock');
    try {
      const message = await dispatch(
        masterPasswordApi.endpoints.unlockWithCode.initiate({ otp: code }, { track: false }),
      ).unwrap();
      enqueueSnackbar(message || 'Unlocking is possible again', { variant: 'success' });
      onUnlocked?.();
    } catch (failure) {
      setError(messageOf(failure, 'Invalid or expired code'));
    } finally {
      setCode('');
      setBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">
        Too many wrong master passwords were entered for this account, so unlocking is paused until{' '}
        {timeOf(pausedUntil)}. To unlock now, we can e-mail a code to your account&apos;s address.
      </Alert>
      {sent && (
        <OtpField
          id="unlock-code"
          label="Unlock code"
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          autoFocus
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button
          onClick={() => void send()}
          disabled={remaining > 0 || busy !== null}
          loading={busy === 'send'}
        >
          {remaining > 0 ? `Send again in ${remaining}s` : sent ? 'Send a new code' : 'E-mail me a code'}
        </Button>
        {sent && (
          <Button variant="contained" onClick={() => void unlock()} loading={busy === 'unlock'}>
            Unlock
          </Button>
        )}
      </Box>
    </Box>
  );
}
