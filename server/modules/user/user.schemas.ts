// Request and response schemas of /api/user. Response schemas are a guard too: only the fields listed
// here leave the server.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from '../../../src/common/email';
import { stringEnum } from '../../../src/common/entry';
import { LIST_SORTS, LIST_VIEWS } from '../../../src/common/listOrder';
import {
  errorResponses,
  MessageResponse,
  NameField as Name,
  SecretField as Secret,
  SuccessField as Success,
} from '../../http/schemas';
import { UserSchema, type UserDto } from '../auth/user.dto';

export { UserSchema, type UserDto };

/**
 * The password generator's options (src/common/generatorOptions.ts): one flat object for both modes, each
 * field typed here; which fields a mode needs and their bounds are the shared rules', checked by the
 * service so that a refusal reads the same as in the generator panel.
 */
const generatorFields = {
  mode: Type.Optional(Type.String({ maxLength: 20 })),
  length: Type.Optional(Type.Number()),
  uppercase: Type.Optional(Type.Boolean()),
  lowercase: Type.Optional(Type.Boolean()),
  digits: Type.Optional(Type.Boolean()),
  symbols: Type.Optional(Type.Boolean()),
  avoidLookAlike: Type.Optional(Type.Boolean()),
  words: Type.Optional(Type.Number()),
  separator: Type.Optional(Type.String({ maxLength: 100 })),
  capitalise: Type.Optional(Type.Boolean()),
  includeNumber: Type.Optional(Type.Boolean()),
};
export const GeneratorOptionsBody = Type.Object(generatorFields);
const GeneratorOptionsSchema = Type.Object(
  {
    ...generatorFields,
    mode: Type.Union([Type.Literal('password'), Type.Literal('passphrase')]),
    length: Type.Optional(Type.Integer()),
    words: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

const preferenceFields = {
  emailNotifications: Type.Boolean(),
  securityAlerts: Type.Boolean(),
  autoLogout: Type.Integer(),
  generator: GeneratorOptionsSchema,
  unlockMinutes: Type.Integer(),
  listView: stringEnum(LIST_VIEWS),
  listSort: stringEnum(LIST_SORTS),
  favoritesFirst: Type.Boolean(),
};

export const PreferencesSchema = Type.Object(preferenceFields, { additionalProperties: false });

export const SettingsSchema = Type.Object(
  {
    ...preferenceFields,
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
  /** The generator's options, replaced whole when sent. */
  generator: Type.Optional(GeneratorOptionsBody),
  /** Settings > Security: 0 (ask every time), 1, 5 or 15 minutes. */
  unlockMinutes: Type.Optional(Type.Integer()),
  /** How the Passwords page shows its list: checked by the service, so a refusal names the values. */
  listView: Type.Optional(Type.String({ maxLength: 20 })),
  listSort: Type.Optional(Type.String({ maxLength: 20 })),
  favoritesFirst: Type.Optional(Type.Boolean()),
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

export const getPreferencesSchema = {
  response: {
    200: Type.Object({ success: Success, preferences: PreferencesSchema }),
    ...errorResponses,
  },
};

export const putSettingsSchema = {
  body: SettingsBody,
  response: { 200: SettingsResponse, ...errorResponses },
};

/** Checks the two passwords of a deletion before the final confirmation; deletes nothing. */
export const deleteAccountCheckSchema = {
  body: DeleteAccountBody,
  response: { 200: MessageResponse, ...errorResponses },
};

export const deleteAccountSchema = {
  body: DeleteAccountBody,
  response: { 200: MessageResponse, ...errorResponses },
};
