// Request and response schemas of /api/auth. Response schemas are a guard too: only the fields listed
// here leave the server, so a hash or a secret column can never reach a client by accident.
import { Type, type Static } from '@sinclair/typebox';
import { UserSchema, type UserDto } from './user.dto';

export { UserSchema, type UserDto };

// Missing text fields default to '' so the service answers with the SPEC's own messages
// ('Email is required', 'Password must contain: ...') rather than a schema's wording.
const text = (maxLength: number) => Type.String({ maxLength, default: '' });

const Name = text(100);
const Email = text(254);
/** Long enough for any passphrase, short enough to bound the Argon2 input. */
const Secret = text(1024);
const Otp = text(32);

export const ErrorSchema = Type.Object({ message: Type.String() });
const errors = { '4xx': ErrorSchema, '5xx': ErrorSchema } as const;

const Success = Type.Literal(true);
const MessageResponse = Type.Object({ success: Success, message: Type.String() });

export const RegisterBody = Type.Object({
  firstName: Name,
  lastName: Name,
  email: Email,
  password: Secret,
  masterPassword: Secret,
});
export type RegisterInput = Static<typeof RegisterBody>;

export const EmailBody = Type.Object({ email: Email });
export const EmailOtpBody = Type.Object({ email: Email, otp: Otp });
export const ResetPasswordBody = Type.Object({ email: Email, otp: Otp, password: Secret });

export const LoginBody = Type.Object({
  email: Email,
  password: Secret,
  twoFactorCode: Type.Optional(Type.String({ maxLength: 32 })),
});
export type LoginInput = Static<typeof LoginBody>;

export const registerSchema = {
  body: RegisterBody,
  response: {
    201: Type.Object({ success: Success, message: Type.String(), email: Type.String() }),
    ...errors,
  },
};

export const resendRegistrationSchema = {
  body: EmailBody,
  response: { 200: MessageResponse, ...errors },
};

export const verifyRegistrationSchema = {
  body: EmailOtpBody,
  response: {
    201: Type.Object({
      success: Success,
      message: Type.String(),
      user: UserSchema,
      token: Type.String(),
    }),
    ...errors,
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
    ...errors,
  },
};

export const meSchema = {
  response: { 200: Type.Object({ success: Success, data: Type.Object({ user: UserSchema }) }), ...errors },
};

export const logoutSchema = { response: { 200: MessageResponse, ...errors } };

export const forgotPasswordSchema = { body: EmailBody, response: { 200: MessageResponse, ...errors } };

export const verifyResetOtpSchema = { body: EmailOtpBody, response: { 200: MessageResponse, ...errors } };

export const resetPasswordSchema = {
  body: ResetPasswordBody,
  response: { 200: MessageResponse, ...errors },
};
