// What every measurement module hands back: rows of the printed table (and of latest.json).

export type Comparison = '<=' | '<' | '>=';

export interface Target {
  op: Comparison;
  value: number;
}

export type Verdict = 'pass' | 'miss' | 'info' | 'error' | 'skipped';

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
  /**
   * The single runs behind `value` (in its unit), when it is a median or an aggregate of runs: a target
   * that some runs meet and others miss is flagged as straddled (the machine's noise decides it).
   */
  samples?: number[];
  /** Not measured on purpose (e.g. no PostgreSQL answers): the reason is the note. */
  skipped?: boolean;
}

export interface JudgedRow extends Row {
  verdict: Verdict;
  /** Some of `samples` meet the target and some miss it. */
  straddles?: boolean;
}

function meets(target: Target, value: number): boolean {
  const { op } = target;
  return op === '<=' ? value <= target.value : op === '<' ? value < target.value : value >= target.value;
}

export function judge(row: Row): JudgedRow {
  if (row.skipped) return { ...row, verdict: 'skipped' };
  if (row.value === null || !Number.isFinite(row.value)) return { ...row, verdict: 'error' };
  if (!row.target) return { ...row, verdict: 'info' };
  const target = row.target;
  const verdicts = (row.samples ?? []).filter(Number.isFinite).map((v) => meets(target, v));
  const straddles = verdicts.includes(true) && verdicts.includes(false);
  return { ...row, verdict: meets(target, row.value) ? 'pass' : 'miss', ...(straddles ? { straddles } : {}) };
}

/** What the table's note column says: the row's note, and whether its runs straddle the target. */
function noteOf(row: JudgedRow): string {
  const parts = [row.note ?? ''];
  if (row.straddles) {
    const met = (row.samples ?? []).filter((v) => row.target && meets(row.target, v)).length;
    parts.push(`NOISY: ${met} of ${row.samples?.length ?? 0} runs meet the target`);
  }
  return parts.filter(Boolean).join('; ');
}

function formatNumber(value: number, digits: number, minimumDigits = digits): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: minimumDigits,
    maximumFractionDigits: digits,
  });
}

export function formatValue(row: Row): string {
  if (row.skipped) return 'skipped';
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
    row.verdict === 'info' || row.verdict === 'skipped' ? '' : row.verdict.toUpperCase(),
    noteOf(row),
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
