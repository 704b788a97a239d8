import { useFormikContext } from 'formik';
import { PasswordField } from '../../shared/ui/PasswordField';
import type { TransferTab, TransferValues } from './transferForm';

const HINTS = {
  export: 'Your master password decrypts the passwords for the file.',
  import: 'Your master password encrypts the imported passwords.',
} as const;

export interface MasterPasswordInputProps {
  purpose: TransferTab;
  disabled: boolean;
  /** A failure from the server, e.g. 'Invalid master password. 2 attempts remaining.' */
  error: string | null;
  onEdit: () => void;
}

/** SPEC section 5: required ('Master password is required'); cleared after every attempt. */
export function MasterPasswordInput({ purpose, disabled, error, onEdit }: MasterPasswordInputProps) {
  const { values, errors, touched, handleChange, handleBlur } = useFormikContext<TransferValues>();
  const required = touched.masterPassword ? errors.masterPassword : undefined;
  return (
    <PasswordField
      name="masterPassword"
      label="Master password"
      value={values.masterPassword}
      onChange={(event) => {
        handleChange(event);
        onEdit();
      }}
      onBlur={handleBlur}
      error={Boolean(required || error)}
      helperText={required ?? error ?? HINTS[purpose]}
      autoComplete="off"
      disabled={disabled}
      required
      fullWidth
    />
  );
}
