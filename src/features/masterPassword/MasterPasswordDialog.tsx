import { useId } from 'react';
import { Formik, Form } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../common/constants';
import { PasswordField } from '../../shared/ui/PasswordField';
import type { MasterPasswordPurpose } from './masterPasswordSlice';
import { attemptsWarning } from './masterPasswordTexts';
import { UnlockPausedPanel } from './UnlockPausedPanel';

const unlockWindowText = (minutes: number) =>
  `Your vault then stays unlocked in this tab for ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;

const schema = yup.object({ masterPassword: yup.string().required('Master password is required') });

const PURPOSE_TEXT: Record<MasterPasswordPurpose, string> = {
  reveal: 'Enter your master password to reveal this password.',
  create: 'Enter your master password to save this password.',
  edit: 'Enter your master password to edit this password.',
  delete: 'Enter your master password to delete this password.',
  emptyTrash: 'Enter your master password to delete everything in the trash for good.',
};

export interface MasterPasswordDialogProps {
  open: boolean;
  purpose: MasterPasswordPurpose;
  /** The server's count for this session. */
  attemptsRemaining: number;
  /** Unlocking is paused for the account until then: the dialog offers the mailed code instead. */
  pausedUntil?: string;
  /** Minutes the vault stays unlocked in this tab after this password (issue 15); 0: asked every time. */
  unlockMinutes?: number;
  /** The last failure, e.g. 'Invalid master password. 2 attempts remaining.' */
  error: string | null;
  /** Resolves true when the master password was accepted. */
  onSubmit: (masterPassword: string) => Promise<boolean>;
  onCancel: () => void;
}

/** SPEC section 5: one required field; the check itself is made by the server. */
export function MasterPasswordDialog({
  open,
  purpose,
  attemptsRemaining,
  pausedUntil,
  unlockMinutes = 0,
  error,
  onSubmit,
  onCancel,
}: MasterPasswordDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      {pausedUntil ? (
        <>
          <DialogTitle id={`${id}-title`}>Unlocking is paused</DialogTitle>
          <DialogContent>
            <UnlockPausedPanel pausedUntil={pausedUntil} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onCancel}>Cancel</Button>
          </DialogActions>
        </>
      ) : (
        <Formik
          initialValues={{ masterPassword: '' }}
          validationSchema={schema}
          onSubmit={async ({ masterPassword }, { resetForm }) => {
            await onSubmit(masterPassword);
            // The secret never outlives the attempt, accepted or not.
            resetForm();
          }}
        >
          {({ values, errors, touched, isSubmitting, handleChange, handleBlur }) => (
            <Form noValidate>
              <DialogTitle id={`${id}-title`}>Master password required</DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                  {PURPOSE_TEXT[purpose]}
                  {unlockMinutes > 0 && ` ${unlockWindowText(unlockMinutes)}`}
                </DialogContentText>
                {attemptsRemaining < MAX_MASTER_PASSWORD_ATTEMPTS && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {attemptsWarning(attemptsRemaining)}
                  </Alert>
                )}
                <PasswordField
                  name="masterPassword"
                  label="Master password"
                  value={values.masterPassword}
                  onChange={handleChange}
                  onBlur={handleBlur}
                  error={Boolean((touched.masterPassword && errors.masterPassword) || error)}
                  helperText={(touched.masterPassword && errors.masterPassword) || error || ' '}
                  autoComplete="off"
                  autoFocus
                  fullWidth
                  required
                />
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={onCancel} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" loading={isSubmitting}>
                  Verify
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
