// The checks every imported row passes before it may become an entry: the same rules and limits as an
// entry saved from the form, so an import cannot store what the form would refuse.
import { customFieldsProblem, normaliseCustomFields } from '../../../src/common/customFields';
import { ENTRY_LIMITS as LIMITS } from '../../../src/common/limits';
import { totpProblem } from '../../../src/common/totp';
import { normaliseTags } from '../vault/passwords.service';
import { isRejection, type EntryDraft, type ReadRow } from './formats/types';

export interface RowError {
  title: string;
  error: string;
}

export const UNTITLED = '(untitled)';
export const TITLE_REQUIRED = 'App or website name is required';
export const PASSWORD_REQUIRED = 'Password is required';

const TEXT_LIMITS = [
  ['title', 'App or website name', LIMITS.title],
  ['email', 'Email or username', LIMITS.email],
  ['username', 'Username', LIMITS.username],
  ['website', 'Website', LIMITS.website],
  ['password', 'Password', LIMITS.password],
  ['notes', 'Notes', LIMITS.notes],
] as const;

function problemOf(entry: EntryDraft): string | undefined {
  if (!entry.title) return TITLE_REQUIRED;
  if (!entry.password) return PASSWORD_REQUIRED;
  for (const [field, label, limit] of TEXT_LIMITS) {
    if (entry[field].length > limit) return `${label} must be at most ${limit} characters`;
  }
  if (entry.tags.length > LIMITS.tags) return `At most ${LIMITS.tags} tags are allowed`;
  if (entry.tags.some((tag) => tag.length > LIMITS.tag)) {
    return `Each tag must be at most ${LIMITS.tag} characters`;
  }
  if (entry.totp.length > LIMITS.totp) return `TOTP must be at most ${LIMITS.totp} characters`;
  return totpProblem(entry.totp) ?? customFieldsProblem(entry.fields) ?? undefined;
}

/**
 * The row as it will be stored (text fields and the TOTP trimmed as the form's are, tags normalised,
 * custom field names trimmed; passwords, notes and field values as they are), or the reason it cannot
 * be, naming its place in the file (`position` counts from 1). A TOTP that is not one, or custom fields
 * beyond the limits, make the row an error: nothing unusable is stored.
 */
export function checkRow(row: ReadRow, position: number): EntryDraft | RowError {
  const where = ` (entry ${position} of the file)`;
  if (isRejection(row)) return { title: row.title.trim() || UNTITLED, error: row.error + where };
  const entry: EntryDraft = {
    ...row,
    title: row.title.trim(),
    email: row.email.trim(),
    username: row.username.trim(),
    website: row.website.trim(),
    tags: normaliseTags(row.tags),
    totp: row.totp.trim(),
    fields: normaliseCustomFields(row.fields),
  };
  const problem = problemOf(entry);
  return problem ? { title: entry.title || UNTITLED, error: problem + where } : entry;
}

export function isRowError(row: EntryDraft | RowError): row is RowError {
  return 'error' in row;
}
