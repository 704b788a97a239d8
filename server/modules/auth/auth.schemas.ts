// Request and response schemas of /api/auth. Response schemas are a guard too: only the fields listed
// here leave the server, so a hash or a secret column can never reach a client by accident.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_CODE_INPUT_LENGTH } from '../../../src/common/limits';
import {
  CodeField as Otp,
  EmailField as Email,
  errorResponses,
  MessageResponse,
  NameField as Name,
  SecretField as Secret,
  SuccessField as Success,
} from '../../http/schemas';
import { UserSchema, type UserDto } from './user.dto';

export { UserSchema, type UserDto };

/** The handle of a registration: only the client that started it holds it. */
const RegistrationId = Type.String({ maxLength: 100, default: '' });

export const RegisterBody = Type.Object({
  firstName: Name,
  lastName: Name,
  email: Email,
  password: Secret,
  masterPassword: Secret,
  /** The token of an invitation link (/register?invite=…): needed when sign-up is not open. */
  invite: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RegisterInput = Static<typeof RegisterBody>;

export const EmailBody = Type.Object({ email: Email });
export const EmailOtpBody = Type.Object({ email: Email, otp: Otp });
export const RegistrationBody = Type.Object({ email: Email, registrationId: RegistrationId });
export const RegistrationOtpBody = Type.Object({ email: Email, otp: Otp, registrationId: RegistrationId });
export const ResetPasswordBody = Type.Object({ email: Email, otp: Otp, password: Secret });

export const LoginBody = Type.Object({
  email: Email,
  password: Secret,
  twoFactorCode: Type.Optional(Type.String({ maxLength: MAX_CODE_INPUT_LENGTH })),
});
export type LoginInput = Static<typeof LoginBody>;

export const registerSchema = {
  body: RegisterBody,
  response: {
    201: Type.Object({
      success: Success,
      message: Type.String(),
      email: Type.String(),
      registrationId: Type.String(),
    }),
    ...errorResponses,
  },
};

export const resendRegistrationSchema = {
  body: RegistrationBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const verifyRegistrationSchema = {
  body: RegistrationOtpBody,
  response: {
    201: Type.Object({
      success: Success,
      message: Type.String(),
      user: UserSchema,
      token: Type.String(),
    }),
    ...errorResponses,
  },
};

export const loginSchema = {
  body: LoginBody,
  response: {
    // Either signed in (data) or asked for the second factor (requiresTwoFactor, no token).
    200: Type.Object({
      success: Success,
      message: Type.String(),
      requiresTwoFactor: Type.Optional(Type.Literal(true)),
      data: Type.Optional(Type.Object({ user: UserSchema, token: Type.String() })),
    }),
    ...errorResponses,
  },
};

export const meSchema = {
  response: {
    200: Type.Object({ success: Success, data: Type.Object({ user: UserSchema }) }),
    ...errorResponses,
  },
};

export const logoutSchema = { response: { 200: MessageResponse, ...errorResponses } };

export const forgotPasswordSchema = {
  body: EmailBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const verifyResetOtpSchema = {
  body: EmailOtpBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const resetPasswordSchema = {
  body: ResetPasswordBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const keepAliveSchema = { response: { 200: MessageResponse, ...errorResponses } };
