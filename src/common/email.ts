// E-mail addresses, checked the same way by the browser's forms and by the server before any mail is
// sent: exactly one plain address `local@domain`. No display name ("Ann <ann@x.org>"), no brackets,
// commas, quotes or spaces, so a form field can never name a second recipient or smuggle a header.

/** RFC 5321's limits: 64 characters before the @, 254 in all. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

// The local part is dot-atom text (RFC 5322 3.2.3) without quoted strings; dots only between atoms.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// The domain: two or more dot-separated labels of letters, digits and inner hyphens (IDNs as punycode
// or as Unicode letters), the last one not all digits.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

export function isValidEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.indexOf('@') !== at) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}

/** How addresses are compared and stored: trimmed and lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
