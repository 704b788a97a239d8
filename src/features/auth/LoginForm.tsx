import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { fieldProps } from '../../shared/ui/formikField';
import { PasswordField } from '../../shared/ui/PasswordField';
import { TextInput } from '../../shared/ui/TextInput';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import type { LoginCredentials } from './authTypes';
import { loginSchema } from './loginSchema';
import { loginFailureText, useLogin } from './useLogin';

export interface LoginFormProps {
  /** The e-mail to start with (coming back from the two-factor step). */
  initialEmail: string;
  /**
   * The password was right and two-factor is on: the page asks for the code. Answers whether the code
   * step opened (its code could not be fetched, else).
   */
  onTwoFactor: (credentials: LoginCredentials) => Promise<boolean>;
}

/** Step 1 of a sign-in: e-mail and password (SPEC sections 2, 4 and 8). */
export function LoginForm({ initialEmail, onTwoFactor }: LoginFormProps) {
  const login = useLogin();
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();

  const formik = useFormik({
    initialValues: { email: initialEmail, password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      const credentials = { email: values.email.trim(), password: values.password };
      try {
        const outcome = await login(credentials);
        // The password was right (signed in, or a code to come): earlier refusals no longer apply.
        attemptsAnswered();
        // Either way the password leaves this form: signed in, or held by the page for the code step.
        // Only a code step that could not open leaves it here, for the next press of Sign In.
        if (outcome === 'twoFactor' && !(await onTwoFactor(credentials))) return;
        helpers.resetForm({ values: { email: credentials.email, password: '' } });
      } catch (error) {
        attemptFailed(loginFailureText(error));
        void helpers.setFieldValue('password', '', false);
        void helpers.setFieldTouched('password', false, false);
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextInput {...fieldProps(formik, 'email')} label="Email" type="email" autoComplete="email" fullWidth />
      <PasswordField
        {...fieldProps(formik, 'password')}
        label="Password"
        autoComplete="current-password"
        // Back from the code step the e-mail is there already: the password is what to type.
        autoFocus={initialEmail !== ''}
        fullWidth
      />
      <Box sx={{ textAlign: 'right', mt: -1 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Forgot your password?
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" loading={formik.isSubmitting} fullWidth>
        Sign In
      </Button>
    </Box>
  );
}
