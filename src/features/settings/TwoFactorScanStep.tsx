import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { OTP_LENGTH } from '../../common/constants';
import { fieldProps } from '../../shared/ui/formikField';
import { FormChanges } from '../../shared/ui/FormDialog';
import { TextInput } from '../../shared/ui/TextInput';
import { SecretText } from './SecretText';
import type { TwoFactorSetup } from './settingsApi';

export const CODE_REQUIRED = 'Verification code is required';
export const CODE_INVALID = 'Please enter a valid 6-digit code';
const schema = object({
  code: string()
    .required(CODE_REQUIRED)
    .matches(new RegExp(`^\\d{${OTP_LENGTH}}$`), CODE_INVALID),
});

export interface TwoFactorScanStepProps {
  setup: TwoFactorSetup;
  onVerify: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** Step 2 of the setup: scan the QR code (or type the key), then prove it with a current code. */
export function TwoFactorScanStep({ setup, onVerify, onCancel }: TwoFactorScanStepProps) {
  const id = useId();
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: schema,
    onSubmit: async ({ code }, { resetForm }) => {
      await onVerify(code);
      resetForm();
    },
  });
  const code = fieldProps(formik, 'code');
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <FormChanges dirty={formik.dirty} />
      <DialogContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
        <Typography variant="body2">
          1. Scan this QR code with an authenticator app such as Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis.
        </Typography>
        <Box
          component="img"
          src={setup.qrCode}
          alt="QR code for setting up two-factor authentication in your authenticator app"
          width={200}
          height={200}
          // A white quiet zone keeps the code scannable in the dark theme too.
          sx={{
            justifySelf: 'center',
            bgcolor: '#fff',
            p: 1,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Can&apos;t scan it? Enter this setup key in the app instead, or{' '}
            <Link href={setup.otpauthUrl}>open it in an authenticator app on this device</Link>.
          </Typography>
          <SecretText value={setup.secret} label="Setup key" />
        </Box>
        <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
        <TextInput
          {...code}
          id={`${id}-code`}
          label="6-digit code"
          onChange={(event) =>
            void formik.setFieldValue('code', event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
          }
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          inputProps={{ inputMode: 'numeric', maxLength: OTP_LENGTH, pattern: '[0-9]*', spellCheck: false }}
          sx={{ '& input': { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={formik.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={formik.isSubmitting}>
          Verify and Enable
        </Button>
      </DialogActions>
    </form>
  );
}
