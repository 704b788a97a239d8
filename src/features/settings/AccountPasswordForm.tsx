import { useId } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import {
  isTwoFactorCodeShape,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_CODE_REQUIRED,
} from '../../common/twoFactorCode';
import { fieldProps } from '../../shared/ui/formikField';
import { FormChanges } from '../../shared/ui/FormDialog';
import { PasswordField } from '../../shared/ui/PasswordField';
import { TextInput } from '../../shared/ui/TextInput';

export const PASSWORD_REQUIRED = 'Password is required';
const passwordOnly = object({ password: string().required(PASSWORD_REQUIRED) });
const withCode = passwordOnly.shape({
  code: string()
    .trim()
    .required(TWO_FACTOR_CODE_REQUIRED)
    .test('two-factor-code', TWO_FACTOR_CODE_INVALID, (value) => isTwoFactorCodeShape(value ?? '')),
});

export interface AccountPasswordFormProps {
  intro: string;
  submitLabel: string;
  destructive?: boolean;
  /** Also ask for a current second factor (an authenticator code or a recovery code). */
  askCode?: boolean;
  /** Sends the password (and the code); the fields are cleared afterwards either way. */
  onSubmit: (password: string, code: string) => Promise<void>;
  onCancel: () => void;
}

/** The body of a dialog that asks for the account password (never a bare browser prompt). */
export function AccountPasswordForm({
  intro,
  submitLabel,
  destructive = false,
  askCode = false,
  onSubmit,
  onCancel,
}: AccountPasswordFormProps) {
  const id = useId();
  const formik = useFormik({
    initialValues: { password: '', code: '' },
    validationSchema: askCode ? withCode : passwordOnly,
    onSubmit: async ({ password, code }, { resetForm }) => {
      await onSubmit(password, code.trim());
      resetForm();
    },
  });
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <FormChanges dirty={formik.dirty} />
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        <PasswordField
          {...fieldProps(formik, 'password')}
          id={`${id}-password`}
          label="Account password"
          autoComplete="current-password"
          autoFocus
          fullWidth
        />
        {askCode && (
          <TextInput
            {...fieldProps(formik, 'code')}
            id={`${id}-code`}
            label="Authentication code"
            autoComplete="one-time-code"
            helperText={
              (formik.touched.code && formik.errors.code) ||
              'From your authenticator app, or one of your recovery codes'
            }
            fullWidth
            sx={{ mt: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={formik.isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={formik.isSubmitting}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
