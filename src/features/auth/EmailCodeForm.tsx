import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../shared/ui/TextInput';
import { useFormik } from 'formik';
import { fieldProps } from '../../shared/ui/formikField';
import { resetEmailSchema } from './resetSchemas';

interface EmailCodeFormProps {
  initialEmail?: string;
  submitLabel: string;
  /** Resolves when the code was requested; a rejection keeps the form as it is. */
  onSubmit: (email: string) => Promise<void>;
}

/** Step 1 of the reset: the e-mail to send a code to. */
export function EmailCodeForm({ initialEmail = '', submitLabel, onSubmit }: EmailCodeFormProps) {
  const formik = useFormik({
    initialValues: { email: initialEmail },
    validationSchema: resetEmailSchema,
    onSubmit: ({ email }) => onSubmit(email.trim()),
  });
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextInput
        {...fieldProps(formik, 'email')}
        label="Email"
        type="email"
        autoComplete="email"
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={formik.isSubmitting}>
        {submitLabel}
      </Button>
    </Box>
  );
}
