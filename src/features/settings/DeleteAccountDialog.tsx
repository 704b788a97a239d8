import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useDeleteAccount, type AccountDeletionOutcome } from './useDeleteAccount';

export const BOTH_REQUIRED = 'Both passwords are required to delete account';
export const FINAL_CONFIRMATION = 'Are you absolutely sure? This action cannot be undone.';
const schema = object({
  password: string().required(BOTH_REQUIRED),
  masterPassword: string().required(BOTH_REQUIRED),
});

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC section 5: both passwords, then the final confirmation, then the account is gone. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const deleteAccount = useDeleteAccount();
  const formik = useFormik({
    initialValues: { password: '', masterPassword: '' },
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: () => setConfirming(true),
  });
  const close = () => {
    setConfirming(false);
    formik.resetForm();
    onClose();
  };
  const confirm = async () => {
    setConfirming(false);
    formik.setSubmitting(true);
    const outcome: AccountDeletionOutcome = await deleteAccount(formik.values);
    // The passwords never outlive the attempt.
    formik.resetForm();
    if (outcome !== 'retry') close();
  };
  const missing = formik.submitCount > 0 && (formik.errors.password || formik.errors.masterPassword);
  const field = (name: 'password' | 'masterPassword', label: string) => ({
    id: `${id}-${name}`,
    name,
    label,
    value: formik.values[name],
    onChange: formik.handleChange,
    error: Boolean(missing && formik.errors[name]),
    autoComplete: name === 'password' ? 'current-password' : 'off',
    fullWidth: true,
  });

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
        <form noValidate onSubmit={formik.handleSubmit}>
          <DialogTitle id={`${id}-title`}>Delete account</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>
              Your account, every saved password and all your settings will be deleted for good. Enter both
              passwords to continue.
            </DialogContentText>
            {missing && <Alert severity="error">{BOTH_REQUIRED}</Alert>}
            <PasswordField {...field('password', 'Account password')} autoFocus sx={{ mt: 1 }} />
            <PasswordField {...field('masterPassword', 'Master password')} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={formik.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color="error" loading={formik.isSubmitting}>
              Delete Account
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Delete account"
        message={FINAL_CONFIRMATION}
        confirmLabel="Delete Account"
        destructive
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
