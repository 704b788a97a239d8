// An entry's secrets at rest: password, notes, TOTP and custom fields exist only as AES-256-GCM
// ciphertext under the vault key, each bound to owner, entry and field. What a list shows of the custom
// fields (names, `hidden`, the values of fields that are not hidden) is sealed apart with the server key,
// so that lists read it without the master password and a copy of the database alone reads nothing.
import { listedFields } from '../../../src/common/customFields';
import type { CustomField, ListedField } from '../../../src/common/wire';
import { decryptField, encryptField, openWithServerKey, sealWithServerKey } from '../../crypto/sealedText';
import { newId } from '../../crypto/tokens';
import { HttpError } from '../../http/errors';
import { fingerprintKey, healthOf } from './health';
import type * as repo from './vault.repository';

export const DECRYPT_FAILED = 'Failed to decrypt password';

/** The names the ciphertexts are bound to (part of the AAD: never rename). */
const SECRET_FIELDS = { password: 'password', notes: 'notes', totp: 'totp', fields: 'fields' } as const;

/** The keys an entry's secrets are sealed with: the user's unlocked vault key and the server's key. */
export interface EntryKeys {
  vault: Buffer;
  server: Buffer;
  /** The reuse-fingerprint key (health.ts), derived once for many entries; derived per entry without. */
  fingerprint?: Buffer;
}

export interface EntrySecrets {
  password: string;
  notes: string;
  /** '' when the entry has no TOTP. */
  totp: string;
  fields: CustomField[];
}

export type SealedSecrets = Pick<
  repo.PasswordRow,
  | 'password_enc'
  | 'notes_enc'
  | 'has_notes'
  | 'has_totp'
  | 'totp_enc'
  | 'fields_enc'
  | 'fields_listed'
  | 'strength'
  | 'reuse_fp'
>;

export const listedAad = (userId: string, entryId: string) => `passwords.fields_listed:${userId}:${entryId}`;

/**
 * Encrypts an entry's secrets, each with a fresh nonce (a missing TOTP or field list stores null), and
 * works out the password's health while its plaintext is at hand.
 */
export function sealSecrets(
  keys: EntryKeys,
  userId: string,
  entryId: string,
  secrets: EntrySecrets,
): SealedSecrets {
  const seal = (field: string, text: string) => encryptField(keys.vault, userId, entryId, field, text);
  const hasFields = secrets.fields.length > 0;
  const fingerprints = keys.fingerprint ?? fingerprintKey(keys.vault);
  const health = healthOf(fingerprints, secrets.password);
  if (!keys.fingerprint) fingerprints.fill(0);
  return {
    ...health,
    password_enc: seal(SECRET_FIELDS.password, secrets.password),
    notes_enc: seal(SECRET_FIELDS.notes, secrets.notes),
    has_notes: secrets.notes ? 1 : 0,
    has_totp: secrets.totp ? 1 : 0,
    totp_enc: secrets.totp ? seal(SECRET_FIELDS.totp, secrets.totp) : null,
    fields_enc: hasFields ? seal(SECRET_FIELDS.fields, JSON.stringify(secrets.fields)) : null,
    fields_listed: hasFields
      ? sealWithServerKey(
          keys.server,
          JSON.stringify(listedFields(secrets.fields)),
          listedAad(userId, entryId),
        )
      : null,
  };
}

const decryptFailed = () => new HttpError(422, DECRYPT_FAILED);

/** Decrypts an entry's secrets; 422 'Failed to decrypt password' when any of them does not open. */
export function openSecrets(
  vaultKey: Buffer,
  row: Pick<repo.PasswordRow, 'id' | 'user_id' | 'password_enc' | 'notes_enc' | 'totp_enc' | 'fields_enc'>,
): EntrySecrets {
  const open = (field: string, sealed: string | null) =>
    sealed === null ? '' : decryptField(vaultKey, row.user_id, row.id, field, sealed);
  const password = open(SECRET_FIELDS.password, row.password_enc);
  const notes = open(SECRET_FIELDS.notes, row.notes_enc);
  const totp = open(SECRET_FIELDS.totp, row.totp_enc);
  const fields = open(SECRET_FIELDS.fields, row.fields_enc);
  if (password === null || notes === null || totp === null || fields === null) throw decryptFailed();
  return { password, notes, totp, fields: fields ? (JSON.parse(fields) as CustomField[]) : [] };
}

/** An entry's password alone; null when it does not open. */
export function openPassword(
  vaultKey: Buffer,
  row: Pick<repo.PasswordRow, 'id' | 'user_id' | 'password_enc'>,
) {
  return decryptField(vaultKey, row.user_id, row.id, SECRET_FIELDS.password, row.password_enc);
}

/** An earlier password of an entry: bound to its history row as well as to owner and entry. */
const historyField = (historyId: string) => `history:${historyId}`;

export function sealHistoryPassword(
  vaultKey: Buffer,
  row: Pick<repo.HistoryRow, 'id' | 'user_id' | 'entry_id'>,
  password: string,
): string {
  return encryptField(vaultKey, row.user_id, row.entry_id, historyField(row.id), password);
}

export function openHistoryPassword(vaultKey: Buffer, row: repo.HistoryRow): string {
  const password = decryptField(vaultKey, row.user_id, row.entry_id, historyField(row.id), row.password_enc);
  if (password === null) throw decryptFailed();
  return password;
}

/**
 * What a list shows of an entry's custom fields. A list that cannot be opened (a server key that was
 * replaced without its reseal) shows none rather than failing the whole list: `view` still has them all.
 */
export function openListedFields(
  serverKey: Buffer,
  userId: string,
  row: Pick<repo.PasswordRow, 'id' | 'fields_listed'>,
): ListedField[] {
  if (row.fields_listed === null) return [];
  const json = openWithServerKey(serverKey, row.fields_listed, listedAad(userId, row.id));
  return json === null ? [] : (JSON.parse(json) as ListedField[]);
}

export interface ReplacedPassword {
  userId: string;
  entryId: string;
  /** The password being replaced. */
  password: string;
  /** When it was replaced. */
  now: string;
}

/** The history rows of replaced passwords, ready to insert (in the caller's transaction). */
export function historyRows(vaultKey: Buffer, replaced: ReplacedPassword[]): repo.HistoryRow[] {
  return replaced.map(({ userId, entryId, password, now }) => {
    const row = { id: newId(), user_id: userId, entry_id: entryId, changed_at: now };
    return { ...row, password_enc: sealHistoryPassword(vaultKey, row, password) };
  });
}
