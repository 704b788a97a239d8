// Request and response schemas of the two-factor calls under /api/auth.
import { Type, type Static } from '@sinclair/typebox';

// Missing fields default to '' so the service answers with its own messages.
const Secret = Type.String({ maxLength: 1024, default: '' });
const Otp = Type.String({ maxLength: 32, default: '' });

const ErrorSchema = Type.Object({ message: Type.String() });
const errors = { '4xx': ErrorSchema, '5xx': ErrorSchema } as const;
const Success = Type.Literal(true);

export const PasswordBody = Type.Object({ password: Secret });
export type PasswordInput = Static<typeof PasswordBody>;

export const OtpBody = Type.Object({ otp: Otp });
export type OtpInput = Static<typeof OtpBody>;

export const enableSchema = {
  body: PasswordBody,
  response: {
    200: Type.Object({
      success: Success,
      secret: Type.String(),
      otpauthUrl: Type.String(),
      qrCode: Type.String(),
    }),
    ...errors,
  },
};

export const verifySetupSchema = {
  body: OtpBody,
  response: {
    200: Type.Object({
      success: Success,
      message: Type.String(),
      recoveryCodes: Type.Array(Type.String()),
    }),
    ...errors,
  },
};

export const disableSchema = {
  body: PasswordBody,
  response: { 200: Type.Object({ success: Success, message: Type.String() }), ...errors },
};
