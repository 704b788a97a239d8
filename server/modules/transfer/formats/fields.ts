// What the readers share: turning another manager's cells into this product's fields.
import { domainToUnicode } from 'node:url';
import { CATEGORIES, type Category } from '../../../../src/common/constants';
import { ENTRY_LIMITS } from '../../../../src/common/limits';
import type { CustomField } from '../../../../src/common/wire';
import type { EntryDraft } from './types';

/** A draft with every field present; `fields` fills in what the file had. */
export function draft(fields: Partial<EntryDraft>): EntryDraft {
  return {
    title: '',
    email: '',
    username: '',
    password: '',
    website: '',
    category: 'other',
    isFavorite: false,
    notes: '',
    tags: [],
    totp: '',
    fields: [],
    ...fields,
  };
}

/** `https://www.example.com/login` -> `example.com`: the title of an entry whose file has no name. */
export function titleFromUrl(url: string): string {
  const text = url.trim();
  if (!text) return '';
  try {
    const host = new URL(text.includes('://') ? text : `https://${text}`).hostname;
    // Internationalised hosts as people write them (münchen.de, not xn--mnchen-3ya.de).
    if (host) return (domainToUnicode(host) || host).replace(/^www\./i, '');
  } catch {
    // Not a URL: the text itself is the best name there is.
  }
  return text;
}

/** The title, or the host of the website when the row has no name. */
export function titleOr(title: string, website: string): string {
  return title.trim() ? title : titleFromUrl(website);
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'x', 'on', '\u2713']);

export function parseFlag(value: string): boolean {
  return TRUE_WORDS.has(value.trim().toLowerCase());
}

/** The latest date JavaScript (and ISO-8601 text) can hold: 8.64e15 ms from 1970. */
const MAX_TIME_MS = 8.64e15;

/**
 * ISO-8601 text of a date given as ISO text, or as seconds or milliseconds since 1970; else undefined.
 * A date that cannot be a date (out of range, unreadable) counts as absent: the entry keeps its other
 * fields and gets the import's time, rather than the whole row being lost for a timestamp.
 */
export function parseDate(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  let time: number;
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    // Ten digits are seconds (until 2286), more are milliseconds.
    time = text.length <= 10 ? n * 1000 : n;
  } else {
    time = Date.parse(text);
  }
  return Number.isFinite(time) && Math.abs(time) <= MAX_TIME_MS ? new Date(time).toISOString() : undefined;
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/**
 * A folder or group path (`Work`, `Root/Work/Clients`, `Social\Games`) as a category and a tag: the
 * deepest part that names one of the categories (any case) gives the category, else `other`; the whole
 * path is kept as a tag so nothing is lost.
 */
export function folderToCategory(path: string, dropRoot = false): { category: Category; tags: string[] } {
  let parts = path
    .split(/[/\\]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (dropRoot) parts = parts.slice(1);
  if (parts.length === 0) return { category: 'other', tags: [] };
  const match = [...parts].reverse().find((part) => isCategory(part.toLowerCase()));
  return {
    category: match ? (match.toLowerCase() as Category) : 'other',
    tags: [folderTag(parts)],
  };
}

const TAG_LIMIT = ENTRY_LIMITS.tag;

/** The folder path as one tag; a path too long for a tag is cut to its last part. */
function folderTag(parts: string[]): string {
  const path = parts.join('/');
  return path.length <= TAG_LIMIT ? path : parts[parts.length - 1].slice(0, TAG_LIMIT);
}

/**
 * The websites of a login after its first (the entry's website) as custom fields "Website 2",
 * "Website 3"…, so that none is lost and none is folded into the notes.
 */
export function moreWebsites(websites: readonly string[]): CustomField[] {
  return websites.map((value, i) => ({ name: `Website ${i + 2}`, value, hidden: false }));
}

/** Tags from a cell such as `work, personal` or `work;personal`, without blanks or repeats. */
export function splitTags(cell: string, separators = /[,;]/): string[] {
  return unique(cell.split(separators).map((tag) => tag.trim()));
}

export function unique(tags: string[]): string[] {
  return [...new Set(tags.filter((tag) => tag !== ''))];
}

/** "a card", "an identity". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** A row that is not a login: "Only logins can be imported: this item is a card". */
export function notALogin(title: string, what: string): { title: string; error: string } {
  return { title: title || '(untitled)', error: `Only logins can be imported: this item is ${what}` };
}
