// The answer of GET /api/passwords, joined from the entries' stored listed forms rather than built and
// serialised field by field. Windows read from the database carry texts. The window cache keeps UTF-8
// bytes, a window's entries packed in one buffer with commas between (windowCache.ts), so an answer of
// entries still side by side is copied as one run and sent as it is: encoding a window's ~40 KB of text
// again for every answer, or copying a hundred small buffers one by one, cost more than the rest of its
// making.
import type { ListSort, WindowRow } from './entryList.repository';
import { listedEntryJson, positionOf, type PackedJson } from './listedEntry';

/** An entry of a window as the answer carries it: text, or packed bytes. */
export type EntryJson = string | PackedJson;

const COMMA = 0x2c;

const textOf = (json: EntryJson) =>
  typeof json === 'string' ? json : json.pack.toString('utf8', json.at, json.at + json.length);

/** The texts packed into one buffer, each a part of it. */
export function packJson(texts: string[]): PackedJson[] {
  const pack = Buffer.from(texts.join(','), 'utf8');
  let at = 0;
  return texts.map((text) => {
    const length = Buffer.byteLength(text, 'utf8');
    const packed = { pack, at, length };
    at += length + 1;
    return packed;
  });
}

/** The entry's id: from the row when it came with positions, else from its listed form. */
export function idOf(row: WindowRow): string {
  return row.id ?? positionOf(textOf(row.list_json)).id;
}

/** Where the row stands in `sort`'s order, and whether it is a favourite (a cursor after it). */
export function placeOf(row: WindowRow, sort: ListSort): { key: string; id: string; isFavorite: boolean } {
  if (row.id !== undefined && row.sort_key !== undefined && row.is_favorite !== undefined) {
    return { key: row.sort_key, id: row.id, isFavorite: Number(row.is_favorite) === 1 };
  }
  const position = positionOf(textOf(row.list_json));
  const keys = { created: position.createdAt, updated: position.updatedAt, name: row.title_sort ?? '' };
  return { key: keys[sort], id: position.id, isFavorite: position.isFavorite };
}

/** The row as the answer carries it: its listed form, with its listed fields put in when it has any. */
export function entryJsonOf(row: WindowRow, fields: () => Parameters<typeof listedEntryJson>[1]): EntryJson {
  return row.fields_listed === null ? row.list_json : listedEntryJson(textOf(row.list_json), fields());
}

/** The whole answer: bytes when any entry is packed, else text. */
export function listAnswerOf(
  entries: EntryJson[],
  nextCursor: string | null,
  total: number,
): string | Buffer {
  const head = '{"success":true,"data":{"passwords":[';
  const tail = `],"nextCursor":${JSON.stringify(nextCursor)},"total":${total}}}`;
  if (entries.every((entry) => typeof entry === 'string')) return `${head}${entries.join(',')}${tail}`;
  // Runs of entries side by side in one pack: the comma between them is the pack's own.
  const runs: { pack: Buffer; from: number; to: number }[] = [];
  for (const entry of entries) {
    const { pack, at, length } = typeof entry === 'string' ? packJson([entry])[0] : entry;
    const run = runs[runs.length - 1];
    if (run && run.pack === pack && run.to + 1 === at) run.to = at + length;
    else runs.push({ pack, from: at, to: at + length });
  }
  let size = head.length + Buffer.byteLength(tail) + runs.length - 1;
  for (const run of runs) size += run.to - run.from;
  const answer = Buffer.allocUnsafe(size);
  let at = answer.write(head, 0, 'latin1');
  runs.forEach((run, i) => {
    if (i > 0) at = answer.writeUInt8(COMMA, at);
    at += run.pack.copy(answer, at, run.from, run.to);
  });
  answer.write(tail, at, 'utf8');
  return answer;
}
