import type { FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import type { PendingRegistration, RegisterRequest, RegistrationDraft } from './authTypes';
import { failureText } from './failureText';
import { useDelayedNavigate } from './useDelayedNavigate';

/** SPEC sections 4 and 8, registration steps 1 and 3: start the registration and say how it went. */
export function useRegisterSubmit() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { navigateLater, pending: redirecting } = useDelayedNavigate();
  // An invitation link (/register?invite=…) lets its address register where sign-up is not open.
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite')?.trim() || undefined;

  const submit = async (values: RegisterRequest, helpers: FormikHelpers<RegisterRequest>) => {
    const registration = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      ...(invite ? { invite } : {}),
    };
    try {
      // track: false: the passwords ride in this request only, never in the store.
      const request = dispatch(authApi.endpoints.register.initiate(registration, { track: false }));
      const result = await request.unwrap();
      helpers.resetForm();
      enqueueSnackbar('Registration initiated! Please check your email for OTP verification.', {
        variant: 'success',
      });
      const handover: PendingRegistration = { email: result.email, registrationId: result.registrationId };
      const draft: RegistrationDraft = {
        firstName: registration.firstName,
        lastName: registration.lastName,
        email: registration.email,
        ...(invite ? { invite } : {}),
      };
      void navigate('/verify-otp', { state: { ...handover, draft } });
    } catch (error) {
      const text = failureText(error, 'Registration failed');
      if (/already exists/i.test(text)) {
        helpers.resetForm();
        enqueueSnackbar('User already registered. Redirecting to login...', { variant: 'info' });
        navigateLater('/login');
      } else {
        enqueueSnackbar(text, { variant: 'error' });
      }
    }
  };

  return { submit, redirecting };
}
