// RFC 4180 CSV: a reader tolerant of what real exports contain (a UTF-8 BOM, LF or CR line ends, blank
// lines, a stray quote inside an unquoted cell) and a strict writer (CRLF, quotes only where needed).
import { badRequest } from '../../../http/errors';

const BOM = '\uFEFF';

/** Every record as its cells. Blank lines are left out; a quoted cell may hold commas and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const length = input.length;
  let record: string[] = [];
  let i = 0;
  let line = 1;
  while (i <= length) {
    let cell: string;
    if (input[i] === '"') {
      // Quoted: up to the next quote that is not doubled; what follows it up to the separator is kept.
      const startLine = line;
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = input.indexOf('"', from);
        if (quote < 0) {
          throw badRequest(`The CSV data has a quoted cell that never ends (from line ${startLine})`);
        }
        value += input.slice(from, quote);
        if (input[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      line += countLineBreaks(value);
      const end = nextSeparator(input, i);
      cell = value + input.slice(i, end);
      i = end;
    } else {
      const end = nextSeparator(input, i);
      cell = input.slice(i, end);
      i = end;
    }
    record.push(cell);
    if (input[i] === ',') {
      i += 1;
      continue;
    }
    // End of the record: a line break or the end of the input.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    if (i >= length) break;
    i += input[i] === '\r' && input[i + 1] === '\n' ? 2 : 1;
    line += 1;
  }
  return records;
}

/** The index of the next comma or line break at or after `from` (or the length of the input). */
function nextSeparator(input: string, from: number): number {
  for (let j = from; j < input.length; j += 1) {
    const c = input.charCodeAt(j);
    if (c === 44 /* , */ || c === 10 /* \n */ || c === 13 /* \r */) return j;
  }
  return input.length;
}

function countLineBreaks(value: string): number {
  let count = 0;
  for (let j = 0; j < value.length; j += 1) {
    const c = value.charCodeAt(j);
    if (c === 10 || (c === 13 && value.charCodeAt(j + 1) !== 10)) count += 1;
  }
  return count;
}

// ---- Writing ----

/**
 * Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"). Leading
 * `'` are counted too, so that a value that already starts with `'` survives the round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell that a spreadsheet could run as a formula gets a leading `'`. */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `neutralise` (used when reading this product's own CSV). */
export function unneutralise(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function cellText(value: string): string {
  const safe = neutralise(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One RFC 4180 record and its CRLF: every cell neutralised, quoted where it has to be. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(cellText).join(',') + '\r\n';
}

/** RFC 4180 text: the header and every row, each a `csvLine`. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
