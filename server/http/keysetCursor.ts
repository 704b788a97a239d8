// Keyset cursors of the lists (entries, the access log): the position of a page's last row (its creation
// time and id), opaque to clients as base64url JSON. Nothing secret is in it, and a forged one can only
// point inside the owner's own list (every query filters by the owner).

/** Where a page starts: after the row with this creation time and id. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

export const INVALID_CURSOR = 'cursor is invalid: pass the nextCursor of the previous answer';
export const MAX_CURSOR_LENGTH = 256;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The position, or null when the text is not a cursor this server wrote. */
export function decodeCursor(text: string): ListPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || createdAt === '' || id === '') return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
