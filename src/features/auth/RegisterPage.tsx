import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { NameFields } from '../../shared/ui/NameFields';
import { TextInput } from '../../shared/ui/TextInput';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isPasswordValid, mustContainMessage } from '../../common/passwordPolicy';
import { fieldProps } from '../../shared/ui/formikField';
import { PasswordField } from '../../shared/ui/PasswordField';
import { StrengthMeter } from '../../shared/ui/StrengthMeter';
import { AuthCard } from './AuthCard';
import { registerSchema } from './registerSchema';
import { useHandedOverDraft } from './useHandedOverEmail';
import { useRegisterSubmit } from './useRegisterSubmit';

const emptyForm = { firstName: '', lastName: '', email: '', password: '', masterPassword: '' };

/** SPEC sections 2, 4 and 8: create an account; an e-mailed code confirms it on /verify-otp. */
export default function RegisterPage() {
  const { enqueueSnackbar } = useSnackbar();
  const { submit: register, redirecting } = useRegisterSubmit();
  // Back from /verify-otp: the names and the address as they were; the passwords are typed again.
  const draft = useHandedOverDraft();
  const formik = useFormik({
    initialValues: { ...emptyForm, ...draft },
    validationSchema: registerSchema,
    onSubmit: register,
  });

  const { password, masterPassword } = formik.values;
  const passwordsValid =
    isPasswordValid(password) && isPasswordValid(masterPassword) && password !== masterPassword;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const weak = !isPasswordValid(password)
      ? 'Password'
      : !isPasswordValid(masterPassword)
        ? 'Master password'
        : null;
    if (weak) {
      enqueueSnackbar(mustContainMessage(weak, weak === 'Password' ? password : masterPassword), {
        variant: 'error',
      });
    }
    formik.handleSubmit(event);
  };

  return (
    <AuthCard
      icon={<PersonAddAlt1Outlined />}
      title="Create your account"
      subtitle="Two passwords protect you: one to sign in, and a master password that unlocks your vault."
      maxWidth={540}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Sign in
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <NameFields formik={formik} />
        <TextInput
          {...fieldProps(formik, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
        />
        <Box>
          <PasswordField
            {...fieldProps(formik, 'password', true)}
            label="Account password"
            autoComplete="new-password"
            fullWidth
          />
          <StrengthMeter password={password} label="Account password strength" />
        </Box>
        <Box>
          <PasswordField
            {...fieldProps(formik, 'masterPassword', true)}
            label="Master password"
            autoComplete="new-password"
            fullWidth
          />
          <StrengthMeter password={masterPassword} label="Master password strength" />
        </Box>
        <Alert severity="info" variant="outlined" role="note">
          Your master password encrypts your saved passwords. It is never stored and cannot be recovered if
          you forget it.
        </Alert>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!passwordsValid || redirecting}
          loading={formik.isSubmitting}
        >
          Create Account
        </Button>
      </Box>
    </AuthCard>
  );
}
