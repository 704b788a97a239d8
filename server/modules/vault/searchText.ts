// What search compares: the searchable fields, case-folded the same way for the stored text and the
// query, so both databases find the same entries. Full Unicode folding (ß and ss, ﬁ and fi, final and
// medial sigma, Σ and σ), where SQL's lower() folds ASCII only on SQLite. Both indexes (SQLite FTS5
// trigram, PostgreSQL pg_trgm) are built over the folded text. Migration 010 holds a frozen copy.

/** One value folded: NFC, newlines as spaces (they separate the fields), upper- then lower-cased. */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\n/g, ' ')
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFC');
}

export interface SearchableFields {
  title: string;
  website: string;
  username: string;
  email: string;
}

/** The stored search text: the folded fields, one per line (a match never spans two fields). */
export function searchTextOf(fields: SearchableFields): string {
  return [fields.title, fields.website, fields.username, fields.email].map(foldForSearch).join('\n');
}

/** The sort key of a title (the list sorted by name): folded as for search, without accents. */
export function titleSortOf(title: string): string {
  return foldForSearch(title).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}
