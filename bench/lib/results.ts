// What every measurement module hands back: rows of the printed table (and of latest.json).

export type Comparison = '<=' | '<' | '>=';

export interface Target {
  op: Comparison;
  value: number;
}

export type Verdict = 'pass' | 'miss' | 'info' | 'error';

export interface Row {
  /** Stable key for latest.json, e.g. "bundle.login.js". */
  id: string;
  /** The section it belongs to (one table block each). */
  section: string;
  label: string;
  /** null when the measurement broke. */
  value: number | null;
  unit: string;
  target?: Target;
  /** Decimals shown in the table. */
  digits?: number;
  /** Extra detail for the table's last column and the JSON (runs, counts...). */
  note?: string;
  /** Any raw data worth keeping in latest.json. */
  detail?: unknown;
}

export interface JudgedRow extends Row {
  verdict: Verdict;
}

export function judge(row: Row): JudgedRow {
  if (row.value === null || !Number.isFinite(row.value)) return { ...row, verdict: 'error' };
  if (!row.target) return { ...row, verdict: 'info' };
  const { op, value } = row.target;
  const ok = op === '<=' ? row.value <= value : op === '<' ? row.value < value : row.value >= value;
  return { ...row, verdict: ok ? 'pass' : 'miss' };
}

function formatNumber(value: number, digits: number, minimumDigits = digits): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: minimumDigits,
    maximumFractionDigits: digits,
  });
}

export function formatValue(row: Row): string {
  if (row.value === null || !Number.isFinite(row.value)) return 'n/a';
  return `${formatNumber(row.value, row.digits ?? 0)} ${row.unit}`.trim();
}

export function formatTarget(row: Row): string {
  if (!row.target) return '';
  return `${row.target.op} ${formatNumber(row.target.value, row.digits ?? 0, 0)} ${row.unit}`.trim();
}

/** The table: section headings, then measurement | value | target | result | note. */
export function renderTable(rows: JudgedRow[]): string {
  const header = ['Measurement', 'Value', 'Target', 'Result', 'Note'];
  const cells = rows.map((row) => [
    row.label,
    formatValue(row),
    formatTarget(row),
    row.verdict === 'info' ? '' : row.verdict.toUpperCase(),
    row.note ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (column === 4 ? 0 : line[column].length))),
  );
  const line = (parts: string[]) =>
    parts
      .map((part, column) =>
        column === 1 || column === 2 ? part.padStart(widths[column]) : part.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const out: string[] = [line(header), widths.map((w) => '-'.repeat(w)).join('  ')];
  let section = '';
  rows.forEach((row, index) => {
    if (row.section !== section) {
      section = row.section;
      out.push(`[${section}]`);
    }
    out.push(line(cells[index]));
  });
  return out.join('\n');
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The nearest-rank percentile (p in 0..100). */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
};

export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const list = (values: number[], digits = 0): string => values.map((v) => v.toFixed(digits)).join(', ');
