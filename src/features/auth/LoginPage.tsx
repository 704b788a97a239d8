import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../components/TextInput';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isApiFailure, messageOf } from '../../api/errorText';
import { useAppDispatch } from '../../app/hooks';
import { fieldProps } from '../../components/formikField';
import { PasswordField } from '../../components/PasswordField';
import { authApi } from './authApi';
import { AuthCard } from './AuthCard';
import { loginSchema } from './loginSchema';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** SPEC sections 2, 4 and 8: sign in. */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [twoFactorMessage, setTwoFactorMessage] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      const credentials = { email: values.email.trim(), password: values.password };
      const clearPassword = () => {
        void helpers.setFieldValue('password', '', false);
        void helpers.setFieldTouched('password', false, false);
      };
      try {
        // track: false keeps the credentials out of the store; the token goes to localStorage only.
        const result = await dispatch(
          authApi.endpoints.login.initiate(credentials, { track: false }),
        ).unwrap();
        if (result.requiresTwoFactor) {
          setTwoFactorMessage(result.message);
          enqueueSnackbar(result.message, { variant: 'info' });
          clearPassword();
          return;
        }
        helpers.resetForm();
        enqueueSnackbar('Login successful!', { variant: 'success' });
        void navigate('/dashboard', { replace: true });
      } catch (error) {
        const http = isApiFailure(error) && typeof error.status === 'number';
        enqueueSnackbar(http ? messageOf(error, 'Invalid credentials') : UNEXPECTED, { variant: 'error' });
        clearPassword();
      }
    },
  });

  return (
    <AuthCard
      icon={<LockOutlined />}
      title="Welcome back"
      subtitle="Sign in to your PassVault account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            Create one
          </Link>
        </>
      }
    >
      {twoFactorMessage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {twoFactorMessage}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          {...fieldProps(formik, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
        />
        <PasswordField
          {...fieldProps(formik, 'password')}
          label="Password"
          autoComplete="current-password"
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
    </AuthCard>
  );
}
