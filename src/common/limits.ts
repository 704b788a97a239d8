// Limits that the browser's forms and the server's schemas and services both enforce: one copy.
// (Brute-force limits are the server's alone: server/security/limits.ts.)

/** Lengths of an entry's fields, in characters, and how many tags it may carry. */
export const ENTRY_LIMITS = {
  title: 200,
  email: 320,
  username: 320,
  website: 2048,
  password: 4096,
  notes: 20_000,
  tag: 50,
  tags: 20,
  /** An otpauth:// URI or a base32 secret. */
  totp: 2048,
  /** Custom fields: how many, and the length of a name and of a value. */
  fields: 50,
  fieldName: 100,
  fieldValue: 5000,
} as const;

/** A person's first and last name. */
export const MAX_NAME_LENGTH = 100;
/** A master password, an account password: long enough for any passphrase, bounded for Argon2id. */
export const MAX_SECRET_LENGTH = 1024;
/** A code as a person may type it: six digits, or a recovery code with its dashes and spaces. */
export const MAX_CODE_INPUT_LENGTH = 32;
/** The JSON body of any request but an import. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
/** What one search may ask for. */
export const MAX_SEARCH_LENGTH = 200;
/** The most entries one list answer carries. */
export const MAX_LIST_LIMIT = 10_000;
/** The entries of one window of the Passwords page's list: a few screens of cards. */
export const LIST_WINDOW_SIZE = 100;
/** The deepest `offset` of a list read: past any real vault, yet a bound on the rows one read may skip. */
export const MAX_LIST_OFFSET = 10_000_000;

/** The most one import request may carry (the whole JSON body); the dialog refuses bigger files first. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** As people read it. */
export const IMPORT_MAX_LABEL = '20 MB';
