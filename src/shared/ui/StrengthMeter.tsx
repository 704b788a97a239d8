import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { evaluatePassword } from '../../common/passwordPolicy';
import { missingRulesText } from './missingRules';

export interface StrengthMeterProps {
  password: string;
  /** Shown above the bar, e.g. "Master password strength". */
  label?: string;
  /**
   * Names under the bar the required rules the password still misses. The score counts advisory checks
   * too, so a password can read Strong and still be refused ("Password does not meet security
   * requirements"): this says why. Off where the form names them already (registration, the entry form).
   */
  showMissing?: boolean;
}

/** SPEC section 5: live score, label and colour of a password. */
export function StrengthMeter({
  password,
  label = 'Password strength',
  showMissing = false,
}: StrengthMeterProps) {
  if (!password) return null;
  const strength = evaluatePassword(password);
  return (
    <Box sx={{ mt: 1 }} data-testid="strength-meter">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography
          variant="caption"
          sx={{ color: `${strength.color}.main`, fontWeight: 600 }}
          aria-live="polite"
        >
          {strength.label} ({strength.score}%)
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={strength.score}
        color={strength.color}
        aria-label={`${label}: ${strength.label}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      {showMissing && !strength.valid && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Still required: {missingRulesText(strength.missing)}.
        </Typography>
      )}
    </Box>
  );
}
