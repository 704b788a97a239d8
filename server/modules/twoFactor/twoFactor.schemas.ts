// Request and response schemas of the two-factor calls under /api/auth.
import { Type } from '@sinclair/typebox';
import {
  CodeField as Otp,
  errorResponses,
  MessageResponse,
  SecretField as Secret,
  SuccessField as Success,
} from '../../http/schemas';

export const PasswordBody = Type.Object({ password: Secret });

/** Turning two-factor off: the account password and a current authenticator or recovery code. */
export const DisableBody = Type.Object({ password: Secret, code: Otp });

export const OtpBody = Type.Object({ otp: Otp });

export const enableSchema = {
  body: PasswordBody,
  response: {
    200: Type.Object({
      success: Success,
      secret: Type.String(),
      otpauthUrl: Type.String(),
      qrCode: Type.String(),
    }),
    ...errorResponses,
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
    ...errorResponses,
  },
};

export const disableSchema = {
  body: DisableBody,
  response: { 200: MessageResponse, ...errorResponses },
};
