// The cursor of the vault list's windows: the position of a window's last entry in the list's order (its
// sort key and id, and with favourites first whether it was among the favourites), opaque to clients as
// base64url JSON. Nothing secret is in it, and a forged one can only point inside the owner's own list
// (every query filters by the owner).
import { LIST_SORTS, type ListSort } from '../../../src/common/listOrder';
import type { ListPart } from './entryList.repository';

export interface ListCursor {
  sort: ListSort;
  part: ListPart;
  key: string;
  id: string;
}

/** A title's sort key can be long: 200 characters, folded, in base64url JSON. */
export const MAX_LIST_CURSOR_LENGTH = 2048;

const SORTS: readonly string[] = LIST_SORTS;
const PARTS: readonly string[] = ['all', 'favorites', 'others'] satisfies ListPart[];

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.part, cursor.key, cursor.id])).toString('base64url');
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The cursor, or null when the text is not one this server wrote. */
export function decodeListCursor(text: string): ListCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value)) return null;
    // Cursors written before the list had orders: [createdAt, id], newest first.
    if (value.length === 2 && isText(value[0]) && isText(value[1])) {
      return { sort: 'created', part: 'all', key: value[0], id: value[1] };
    }
    if (value.length !== 4) return null;
    const [sort, part, key, id] = value as unknown[];
    if (!SORTS.includes(sort as string) || !PARTS.includes(part as string)) return null;
    // A name's sort key may be '' (a title of only accents and spaces folds to little); the id never is.
    if (typeof key !== 'string' || !isText(id)) return null;
    return { sort: sort as ListSort, part: part as ListPart, key, id };
  } catch {
    return null;
  }
}
