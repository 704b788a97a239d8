import { useId } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { fieldProps } from '../../components/formikField';
import { PasswordField } from '../../components/PasswordField';

export const PASSWORD_REQUIRED = 'Password is required';
const schema = object({ password: string().required(PASSWORD_REQUIRED) });

export interface AccountPasswordFormProps {
  intro: string;
  submitLabel: string;
  destructive?: boolean;
  /** Sends the password; the field is cleared afterwards either way. */
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** The body of a dialog that asks for the account password (never a bare browser prompt). */
export function AccountPasswordForm({
  intro,
  submitLabel,
  destructive = false,
  onSubmit,
  onCancel,
}: AccountPasswordFormProps) {
  const id = useId();
  const formik = useFormik({
    initialValues: { password: '' },
    validationSchema: schema,
    onSubmit: async ({ password }, { resetForm }) => {
      await onSubmit(password);
      resetForm();
    },
  });
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
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
