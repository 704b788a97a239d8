import Alert from '@mui/material/Alert';
import { STRENGTH_BANDS } from '../../../common/constants';
import { evaluatePassword } from '../../../common/passwordPolicy';
import { missingRulesText } from '../../../shared/ui/missingRules';

/**
 * SPEC section 5: a weak password gets a suggestion, and can still be saved. A password can score Good
 * or Strong on the meter (advisory checks count) and still miss a required character: the hint then
 * does not call it weak, which the meter above it would contradict.
 */
export function WeakPasswordHint({ password }: { password: string }) {
  if (!password) return null;
  const strength = evaluatePassword(password);
  if (strength.valid && strength.score >= STRENGTH_BANDS[1]) return null;
  const weak = strength.score < STRENGTH_BANDS[1];
  const lead = weak ? 'This password is weak.' : 'This password does not meet every required rule.';
  const missing = strength.missing.length ? ` Add: ${missingRulesText(strength.missing)}.` : '';
  return (
    <Alert severity="info" variant="outlined" role="status" sx={{ mt: 1 }}>
      {lead}
      {missing} Use Generate for a strong one, or save it as it is.
    </Alert>
  );
}
