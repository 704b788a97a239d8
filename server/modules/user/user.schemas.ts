// Request and response schemas of /api/user. Response schemas are a guard too: only the fields listed
// here leave the server.
import { Type, type Static } from '@sinclair/typebox';
import { UserSchema, type UserDto } from '../auth/user.dto';

export { UserSchema, type UserDto };

// Missing text fields default to '' so the service answers with the SPEC's own messages
// ('First name is required', 'Both passwords are required to delete account') rather than a schema's.
const text = (maxLength: number) => Type.String({ maxLength, default: '' });

/** Names are at most 100 characters once trimmed; the schema only bounds what is read. */
const Name = text(1000);
/** Long enough for any passphrase, short enough to bound the Argon2 input. */
const Secret = text(1024);

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

const ErrorSchema = Type.Object({ message: Type.String() });
const errors = { '4xx': ErrorSchema, '5xx': ErrorSchema } as const;
const Success = Type.Literal(true);
const MessageResponse = Type.Object({ success: Success, message: Type.String() });

export const ProfileBody = Type.Object({
  firstName: Name,
  lastName: Name,
  email: Type.Optional(Type.String({ maxLength: 254 })),
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
    ...errors,
  },
};

export const passwordChangeSchema = {
  body: PasswordChangeBody,
  response: { 200: MessageResponse, ...errors },
};

export const masterPasswordChangeSchema = {
  body: MasterPasswordChangeBody,
  response: { 200: MessageResponse, ...errors },
};

const SettingsResponse = Type.Object({
  success: Success,
  message: Type.Optional(Type.String()),
  settings: SettingsSchema,
});

export const getSettingsSchema = { response: { 200: SettingsResponse, ...errors } };

export const putSettingsSchema = {
  body: SettingsBody,
  response: { 200: SettingsResponse, ...errors },
};

export const deleteAccountSchema = {
  body: DeleteAccountBody,
  response: { 200: MessageResponse, ...errors },
};
