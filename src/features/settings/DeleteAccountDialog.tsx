import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FormChanges, FormDialog } from '../../shared/ui/FormDialog';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useDeleteAccount, type DeletionField, type DeletionOutcome } from './useDeleteAccount';

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

/** Which password the server found wrong, and its words (never the password itself). */
interface WrongPassword {
  field: DeletionField;
  message: string;
}

/**
 * SPEC section 5: both passwords, then the final confirmation, then the account is gone. The server
 * checks both before the final question is asked; a wrong one is named beside its field, emptied for
 * another try, while the other keeps what was typed.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [wrong, setWrong] = useState<WrongPassword | null>(null);
  const { check, remove } = useDeleteAccount();
  const formik = useFormik({
    initialValues: { password: '', masterPassword: '' },
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: async (values) => {
      setWrong(null);
      const outcome = await check(values);
      if (outcome.kind === 'done') setConfirming(true);
      else after(outcome);
    },
  });

  const close = () => {
    setConfirming(false);
    setWrong(null);
    formik.resetForm();
    onClose();
  };

  /** What a refused step leaves: the wrong field emptied and named, or the dialog closed on a lockout. */
  function after(outcome: Exclude<DeletionOutcome, { kind: 'done' }>) {
    if (outcome.kind === 'lockedOut') {
      close();
      return;
    }
    if (outcome.kind !== 'wrong') return;
    void formik.setFieldValue(outcome.field, '', false);
    setWrong({ field: outcome.field, message: outcome.message });
  }

  // The wrong field gets the focus once it is usable again (it waits while the check runs), so the
  // field and what is wrong with it are read out together.
  const wrongField = wrong?.field;
  useEffect(() => {
    if (wrongField && !formik.isSubmitting) document.getElementById(`${id}-${wrongField}`)?.focus();
  }, [id, wrongField, formik.isSubmitting]);

  const confirm = async () => {
    setConfirming(false);
    formik.setSubmitting(true);
    const outcome = await remove(formik.values);
    formik.setSubmitting(false);
    if (outcome.kind !== 'done') after(outcome);
  };

  const missing = formik.submitCount > 0 && (formik.errors.password || formik.errors.masterPassword);
  const field = (name: DeletionField, label: string) => {
    const wrongHere = wrong?.field === name;
    return {
      id: `${id}-${name}`,
      name,
      label,
      value: formik.values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (wrongHere) setWrong(null);
        formik.handleChange(event);
      },
      error: Boolean((missing && formik.errors[name]) || wrongHere),
      helperText: wrongHere ? wrong.message : undefined,
      autoComplete: name === 'password' ? 'current-password' : 'off',
      disabled: formik.isSubmitting,
      fullWidth: true,
    };
  };

  return (
    <>
      <FormDialog open={open} onClose={close} titleId={`${id}-title`} maxWidth="xs">
        <form noValidate onSubmit={formik.handleSubmit}>
          <FormChanges dirty={formik.dirty} />
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
      </FormDialog>
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
