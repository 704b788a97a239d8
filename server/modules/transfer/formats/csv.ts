// RFC 4180 CSV: a reader tolerant of what real exports contain (a UTF-8 BOM, LF or CR line ends, blank
// lines, a stray quote inside an unquoted cell, 1Password 7 for Mac's backslash-escaped quotes) and a
// strict writer (CRLF, quotes only where needed).
import { badRequest } from '../../../http/errors';

const BOM = '\uFEFF';

/** How a quote inside a quoted cell is escaped: doubled (RFC 4180) or after a backslash. */
type QuoteEscape = 'doubled' | 'backslash';

interface Parsed {
  records: string[][];
  /** Closing quotes followed by something other than a comma or a line end: the file is not read right. */
  strays: number;
}

/**
 * Every record as its cells. Blank lines are left out; a quoted cell may hold commas and line breaks.
 *
 * Quotes inside a quoted cell are doubled (RFC 4180), except in 1Password 7 for Mac's export, which
 * writes `\"` instead: `"{(\n    \"Starter Kit\"\n)}"`. Read as RFC 4180, such a file falls apart into
 * broken records, each with a closing quote followed by more text. So a file is read as RFC 4180 first;
 * only when that reading has such stray quotes, the text holds `\"`, and reading `\"` as an escaped
 * quote leaves none, is the second reading taken. There, `\"` is a quote and every other backslash is
 * itself (as Bitwarden reads these files). A valid RFC 4180 file is always read as RFC 4180.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  let doubled: Parsed | undefined;
  let failure: unknown;
  try {
    doubled = parse(input, 'doubled');
    if (doubled.strays === 0) return doubled.records;
  } catch (error) {
    failure = error;
  }
  if (input.includes('\\"')) {
    try {
      const backslash = parse(input, 'backslash');
      if (backslash.strays === 0) return backslash.records;
    } catch {
      // Not that either: the RFC 4180 reading (or its error) stands.
    }
  }
  if (doubled) return doubled.records;
  throw failure;
}

function parse(input: string, escape: QuoteEscape): Parsed {
  const records: string[][] = [];
  const length = input.length;
  let strays = 0;
  let record: string[] = [];
  let i = 0;
  let line = 1;
  while (i <= length) {
    let cell: string;
    if (input[i] === '"') {
      // Quoted: up to the next quote that is not escaped; what follows it up to the separator is kept.
      const startLine = line;
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = input.indexOf('"', from);
        if (quote < 0) {
          throw badRequest(`The CSV data has a quoted cell that never ends (from line ${startLine})`);
        }
        if (escape === 'backslash' && quote > from && input[quote - 1] === '\\') {
          value += input.slice(from, quote - 1) + '"';
          from = quote + 1;
          continue;
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
      if (end > i) strays += 1;
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
  return { records, strays };
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

/**
 * A descriptive cell (a name, a note) that a spreadsheet could run as a formula gets a leading `'`.
 * Never a credential: other managers read cells literally, so a `'` there would change the password.
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `neutralise` (used when reading this product's own CSV). */
export function unneutralise(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function cellText(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * One RFC 4180 record and its CRLF, each cell quoted where it has to be and otherwise as it is: the
 * caller neutralises the cells that should be (`neutralise`).
 */
export function csvLine(cells: readonly string[]): string {
  return cells.map(cellText).join(',') + '\r\n';
}

/** RFC 4180 text: the header and every row, each a `csvLine`. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
