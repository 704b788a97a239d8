import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface ResendCodeProps {
  remaining: number;
  busy: boolean;
  onResend: () => void;
}

/** "Didn't get the code?" with the resend action, blocked while the 60-second countdown runs. */
export function ResendCode({ remaining, busy, onResend }: ResendCodeProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Didn&apos;t get the code?
      </Typography>
      <Button
        size="small"
        onClick={onResend}
        // A click keeps the focus in the code field, where the new code goes.
        onMouseDown={(event) => event.preventDefault()}
        disabled={remaining > 0 || busy}
        loading={busy}
      >
        {remaining > 0 ? `Resend code in ${remaining}s` : 'Resend code'}
      </Button>
    </Box>
  );
}
