// Request and response schemas of /api/user. Response schemas are a guard too: only the fields listed
// here leave the server.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from '../../../src/common/email';
import {
  errorResponses,
  MessageResponse,
  NameField as Name,
  SecretField as Secret,
  SuccessField as Success,
} from '../../http/schemas';
import { UserSchema, type UserDto } from '../auth/user.dto';

export { UserSchema, type UserDto };

export const SettingsSchema = Type.Object(
  {
    emailNotifications: Type.Boolean(),
    securityAlerts: Type.Boolean(),
    autoLogout: Type.Integer(),
    totalPasswords: Type.Integer(),
    favoritePasswords: Type.Integer(),
    totalCategories: Type.Integer(),
    totalTags: Type.Integer(),
  },
  { additionalProperties: false },
);

export const ProfileBody = Type.Object({
  firstName: Name,
  lastName: Name,
  /** Optional (no default): only an address other than the account's is refused. */
  email: Type.Optional(Type.String({ maxLength: MAX_EMAIL_LENGTH })),
});
export type ProfileInput = Static<typeof ProfileBody>;

export const PasswordChangeBody = Type.Object({ currentPassword: Secret, newPassword: Secret });
export type PasswordChangeInput = Static<typeof PasswordChangeBody>;

export const MasterPasswordChangeBody = Type.Object({
  currentMasterPassword: Secret,
  newMasterPassword: Secret,
});
export type MasterPasswordChangeInput = Static<typeof MasterPasswordChangeBody>;

/** The whole Settings object may be sent back: the counts are dropped, each preference is optional. */
export const SettingsBody = Type.Object({
  emailNotifications: Type.Optional(Type.Boolean()),
  securityAlerts: Type.Optional(Type.Boolean()),
  autoLogout: Type.Optional(Type.Integer()),
});
export type SettingsInput = Static<typeof SettingsBody>;

export const DeleteAccountBody = Type.Object({ password: Secret, masterPassword: Secret });
export type DeleteAccountInput = Static<typeof DeleteAccountBody>;

export const profileSchema = {
  body: ProfileBody,
  response: {
    200: Type.Object({ success: Success, message: Type.String(), user: UserSchema }),
    ...errorResponses,
  },
};

export const passwordChangeSchema = {
  body: PasswordChangeBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const masterPasswordChangeSchema = {
  body: MasterPasswordChangeBody,
  response: { 200: MessageResponse, ...errorResponses },
};

const SettingsResponse = Type.Object({
  success: Success,
  message: Type.Optional(Type.String()),
  settings: SettingsSchema,
});

export const getSettingsSchema = { response: { 200: SettingsResponse, ...errorResponses } };

export const putSettingsSchema = {
  body: SettingsBody,
  response: { 200: SettingsResponse, ...errorResponses },
};

export const deleteAccountSchema = {
  body: DeleteAccountBody,
  response: { 200: MessageResponse, ...errorResponses },
};
