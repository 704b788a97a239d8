import type { Generated } from 'kysely';

// Row types as the drivers return them. Both SQLite and PostgreSQL store:
// - timestamps as ISO-8601 text (SQLite has no date type; text sorts correctly in both),
// - booleans as integers 0/1 (SQLite has no boolean type),
// - binary values (ciphertext, salts, wrapped keys) as base64 text.
/** The account (auth module). */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  two_factor_enabled: number;
  created_at: string;
  updated_at: string;
  /** Set while the administrator has disabled the account (npm run admin -- disable). */
  disabled_at: string | null;
}

/** The user's vault key and what goes with unlocking it (vault module). */
export interface VaultKeysTable {
  user_id: string;
  /** The random vault key, AES-256-GCM wrapped by the key derived from the master password. */
  vault_key_wrapped: string;
  kdf_salt: string;
  kdf_memory_kib: number;
  kdf_iterations: number;
  kdf_parallelism: number;
  /** Set when wrong master passwords reached the account's daily cap: unlocks are refused for a day. */
  master_locked_at: string | null;
  /** How many entries the user has: kept by triggers on passwords (the list's unfiltered total). */
  entry_count: Generated<number>;
  /**
   * How many changes the user's list has had (migration 027): bumped by triggers on passwords with each
   * row of list_changes. PostgreSQL answers it (bigint) as a string.
   */
  list_version: Generated<number | string>;
}

/**
 * One change of a user's list (vault module): the entry inserted, deleted or changed in what lists show
 * of it, at `version` of the user's list_version; entry_id NULL: many entries changed at once. Written by
 * triggers only; each owner keeps at least its last 4,096 versions.
 */
export interface ListChangesTable {
  user_id: string;
  /** number on SQLite; PostgreSQL's bigint comes as a string. */
  version: number | string;
  entry_id: string | null;
}

/** Two-factor secrets (two-factor module); whether it is on is the account's (users.two_factor_enabled). */
export interface TwoFactorTable {
  user_id: string;
  /** TOTP secret, encrypted with the server key (see crypto/serverKey). */
  secret_enc: string | null;
  pending_secret_enc: string | null;
  /** Last accepted TOTP time step: a code is accepted once. */
  last_step: number | null;
}

/** Preferences (user module). */
export interface UserSettingsTable {
  user_id: string;
  email_notifications: number;
  security_alerts: number;
  auto_logout: number;
  /** The password generator's options as JSON (src/common/generatorOptions.ts); null: the defaults. */
  generator_options: string | null;
  /** Settings > Security: minutes one master password unlocks the vault in a tab; 0: every time. */
  unlock_minutes: Generated<number>;
  /** The Passwords page's list as the user left it (src/common/listOrder.ts): 'cards' or 'compact'. */
  list_view: Generated<string>;
  /** 'created', 'updated' or 'name'. */
  list_sort: Generated<string>;
  /** 1: favourites first. */
  list_favorites_first: Generated<number>;
}

export interface PendingRegistrationsTable {
  /** Becomes the user's id, so the wrapped vault key can be bound to it from the start. */
  id: string;
  /** SHA-256 of the random handle only the registering client holds. */
  handle_hash: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** The invitation the registration came with; its confirmation uses it up. */
  invitation_id: string | null;
  vault_key_wrapped: string;
  kdf_salt: string;
  kdf_memory_kib: number;
  kdf_iterations: number;
  kdf_parallelism: number;
  created_at: string;
}

export type CodePurpose = 'registration' | 'reset' | 'master-unlock';

export interface OneTimeCodesTable {
  id: string;
  email: string;
  purpose: CodePurpose;
  /** Registration codes: the one pending registration the code completes. */
  registration_id: string | null;
  code_hash: string;
  tries: number;
  /** Set once the code verified (reset: step 2); reset-password consumes it. */
  verified_at: string | null;
  used_at: string | null;
  expires_at: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Wrong master passwords in a row in this session: the session ends at the SPEC's three. */
  master_failures: Generated<number>;
  /** The user's auto-logout minutes: the session ends when idle for longer (set by the user module). */
  idle_minutes: number;
}

/** One wrong master password of an account (any session), kept a day for the account's daily cap. */
export interface MasterPasswordFailuresTable {
  id: string;
  user_id: string;
  failed_at: string;
}

export interface PasswordsTable {
  id: string;
  user_id: string;
  title: string;
  email: string;
  username: string;
  website: string;
  category: string;
  is_favorite: number;
  /** JSON array of strings. */
  tags: string;
  password_enc: string;
  notes_enc: string;
  /** 1 when the entry has a TOTP (lists say so without opening it). */
  has_totp: Generated<number>;
  /** 1 when the entry has notes (its details say so without opening them). */
  has_notes: Generated<number>;
  /** The otpauth URI or base32 secret, sealed with the vault key; null: none. */
  totp_enc: string | null;
  /** Every custom field (JSON) sealed with the vault key; null: none. */
  fields_enc: string | null;
  /** What lists show of the custom fields (JSON), sealed with the server key; null: none. */
  fields_listed: string | null;
  /** The password's strength score (src/common passwordPolicy) when it was saved; null: not yet known. */
  strength: number | null;
  /** HMAC of the password under a key derived from the vault key: equal for equal passwords of one user. */
  reuse_fp: string | null;
  /** When the password last changed. */
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
  /** title, website, username and e-mail case-folded, one per line (vault/searchText.ts): what search reads. */
  search_text: string;
  /** The entry as lists answer it, JSON, but for what a read adds (vault/listedEntry.ts); written with the row. */
  list_json: Generated<string>;
  /** How many of the owner's entries share this row's password fingerprint (itself included; 0 without one). */
  reuse_count: Generated<number>;
  /** The title folded for sorting by name (vault/searchText.ts `titleSortOf`). */
  title_sort: Generated<string>;
}

/** A deleted entry, whole, until it is restored or purged (vault module). */
export interface PasswordsTrashTable extends Omit<
  PasswordsTable,
  'search_text' | 'has_totp' | 'has_notes' | 'list_json' | 'reuse_count' | 'title_sort'
> {
  has_totp: number;
  has_notes: number;
  deleted_at: string;
}

/** An earlier password of an entry, sealed with the vault key (vault module). */
export interface PasswordHistoryTable {
  id: string;
  user_id: string;
  entry_id: string;
  password_enc: string;
  /** When this password was replaced. */
  changed_at: string;
}

/**
 * A browser tab's unlock window (vault module): the vault key sealed under a key only that tab holds,
 * found by the key's hash. A session has a few at most, one per tab that opened one.
 */
export interface UnlockGrantsTable {
  id: string;
  session_id: string;
  user_id: string;
  sealed_key: string;
  created_at: string;
  expires_at: string;
}

/** An invitation to register (auth module): single use, bound to one address, for 7 days. */
export interface InvitationsTable {
  id: string;
  email: string;
  /** SHA-256 of the token in the link. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One line of the access log (activity module). */
export interface ActivityTable {
  id: string;
  user_id: string;
  /** What happened (src/common/activity.ts ACTIVITY_ACTIONS). */
  action: string;
  /** 'user', or 'operator' for the admin command. */
  actor: string;
  entry_id: string | null;
  /** The entry's title when it happened. */
  entry_title: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  /** 1: SHA-256 of id and code (before the server key); 2: keyed with the server key. */
  hash_version: Generated<number>;
}

/** Secrets of the server itself, by name; `value` is base64. */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A brute-force counter: `count` hits of `key` in the window that ends at `ends_at`. */
/**
 * How many of an owner's entries share a category, favourite flag, strength (-1: not yet known), reuse
 * flag (reuse_count > 1) and month of the last password change ('YYYY-MM'; '' for none): kept by
 * triggers on passwords, so the dashboard's counts sum those rows instead of reading every entry.
 */
export interface VaultTalliesTable {
  user_id: string;
  category: string;
  is_favorite: number;
  strength: number;
  reused: number;
  changed_month: string;
  entries: number;
}

/** A column of search_letters: how many of the owner's entries' search text contains the letter. */
export type SearchLetterColumn = `has_${string}`;

/** Per owner, the entries whose search text contains each of a-z and 0-9 (migration 025). */
export type SearchLettersTable = { user_id: string } & { [column: SearchLetterColumn]: number };

export interface RateLimitsTable {
  key: string;
  count: number;
  ends_at: string;
  /** 1 when the last hit was let through, 0 when it was refused (read back by the same statement). */
  last_allowed: number;
}

export interface Database {
  users: UsersTable;
  vault_keys: VaultKeysTable;
  list_changes: ListChangesTable;
  vault_tallies: VaultTalliesTable;
  search_letters: SearchLettersTable;
  two_factor: TwoFactorTable;
  user_settings: UserSettingsTable;
  pending_registrations: PendingRegistrationsTable;
  one_time_codes: OneTimeCodesTable;
  sessions: SessionsTable;
  master_password_failures: MasterPasswordFailuresTable;
  passwords: PasswordsTable;
  passwords_trash: PasswordsTrashTable;
  password_history: PasswordHistoryTable;
  unlock_grants: UnlockGrantsTable;
  activity: ActivityTable;
  invitations: InvitationsTable;
  recovery_codes: RecoveryCodesTable;
  server_secrets: ServerSecretsTable;
  rate_limits: RateLimitsTable;
}
