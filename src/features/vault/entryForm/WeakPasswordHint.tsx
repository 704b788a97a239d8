import Alert from '@mui/material/Alert';
import { STRENGTH_BANDS } from '../../../common/constants';
import { evaluatePassword } from '../../../common/passwordPolicy';

/** SPEC section 5: a weak password gets a suggestion, and can still be saved. */
export function WeakPasswordHint({ password }: { password: string }) {
  if (!password) return null;
  const strength = evaluatePassword(password);
  if (strength.valid && strength.score >= STRENGTH_BANDS[1]) return null;
  const missing = strength.missing.length ? ` Add: ${strength.missing.join(', ')}.` : '';
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
      This password is weak.{missing} Use Generate for a strong one, or save it as it is.
    </Alert>
  );
}
