// The README's table (Measure it) from a bench run's JSON, so that no figure of it is copied by hand:
// `npx tsx bench/readmeTable.ts` prints it; `--write` puts it in README.md in place of the table there.
// Reads bench/results/latest.json, or the file given; a partial run (--only) lacks rows and is refused,
// and so is a run with BENCH_LATENCY_MS.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/processes';
import type { JudgedRow } from './lib/results';

interface Report {
  date: string;
  commit: string;
  rows: JudgedRow[];
  settings?: { latencyMs?: number };
}

type Rows = Map<string, JudgedRow>;

const HEADER = ['measurement', 'SQLite', 'PostgreSQL', 'target'];

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function row(rows: Rows, id: string): JudgedRow {
  const found = rows.get(id);
  if (!found || found.value === null) throw new Error(`the run has no figure "${id}": run the whole bench`);
  return found;
}

/** A figure in its unit, with the run's own decimals. */
function figure(rows: Rows, id: string): string {
  const found = row(rows, id);
  return `${number(found.value as number, found.digits ?? 0)} ${found.unit}`;
}

/** " (missed)" when the run missed the row's target: the table marks misses only. */
const missed = (found: JudgedRow) => (found.verdict === 'miss' ? ' (missed)' : '');

/** The same figure at each vault size, one target judged on the largest. */
function bySize(rows: Rows, sizes: number[], name: string, unit: string): string {
  const values = sizes.map((size) => number(row(rows, `ui.${size}.${name}`).value as number));
  return `${values.join(' / ')} ${unit}${missed(row(rows, `ui.${sizes[sizes.length - 1]}.${name}`))}`;
}

/** The list ratio: both rates, the ratio, its verdict and how many rounds met the target. */
function ratio(rows: Rows, prefix: string, judged: boolean): string {
  const rate = (id: string) => number(row(rows, `${prefix}.${id}`).value as number);
  const found = row(rows, `${prefix}.ratio`);
  const text = `${rate('api.rps')} vs ${rate('bare.rps')}: ${number(found.value as number, 2)}`;
  if (!judged || !found.target) return text;
  const rounds = found.samples ?? [];
  const met = rounds.filter((value) => value >= (found.target?.value ?? 0)).length;
  const verdict = found.verdict === 'miss' ? 'missed' : 'met';
  return `${text}, ${verdict} (${met} of ${rounds.length} rounds met)`;
}

/** "244.2 KB (14 files)": the count from the row's note. */
function bundle(rows: Rows, id: string): string {
  const files = /(\d+) files/.exec(row(rows, id).note ?? '')?.[1];
  return `${figure(rows, id)}${files ? ` (${files} files)` : ''}`;
}

function jumpToEnd(rows: Rows): string {
  const windows = /(\d+) window/.exec(row(rows, 'ui.100000.passwords.jumpToEnd').note ?? '')?.[1];
  return `${figure(rows, 'ui.100000.passwords.jumpToEnd')}${windows ? ` (${windows} window${windows === '1' ? '' : 's'})` : ''}`;
}

const withVerdict = (rows: Rows, id: string) => `${figure(rows, id)}${missed(row(rows, id))}`;

/** The target as the table writes it. */
function target(rows: Rows, id: string): string {
  const found = row(rows, id);
  if (!found.target) return '';
  const op = { '<=': '≤', '<': '<', '>=': '≥' }[found.target.op];
  const value = number(found.target.value, found.target.value % 1 === 0 ? 0 : 1);
  return found.unit === 'x' || found.unit === '' ? `${op} ${value}` : `${op} ${value} ${found.unit}`;
}

/** The table's lines (without alignment) from the run's rows. */
export function tableCells(rows: Rows): string[][] {
  const sizes = [100, 10000, 100000];
  const pg = (text: () => string) => (rows.has('pg.skipped') ? 'skipped: no PostgreSQL' : text());
  return [
    HEADER,
    [
      '`/login` cold, gzipped JS until the form is usable',
      bundle(rows, 'bundle.login.js'),
      '',
      target(rows, 'bundle.login.js'),
    ],
    [
      '`/passwords` signed in, gzipped JS + CSS until the first card',
      bundle(rows, 'bundle.passwords.total'),
      '',
      target(rows, 'bundle.passwords.total'),
    ],
    [
      'first cards: 100 / 10,000 / 100,000 entries',
      bySize(rows, sizes, 'passwords.firstCards', 'ms'),
      pg(() => withVerdict(rows, 'pg.ui.passwords.firstCards')),
      target(rows, 'ui.100000.passwords.firstCards'),
    ],
    [
      'first cards, 100,000 over 100 entries',
      `${number(row(rows, 'ui.firstCardsRatio').value as number, 2)}x${missed(row(rows, 'ui.firstCardsRatio'))}`,
      '',
      `≤ ${number(row(rows, 'ui.firstCardsRatio').target?.value ?? 0, 1)}x`,
    ],
    [
      'search painted after the 250 ms debounce: 100 / 10,000 / 100,000',
      bySize(rows, sizes, 'passwords.searchAfterDebounce', 'ms'),
      pg(() => withVerdict(rows, 'pg.ui.passwords.searchAfterDebounce')),
      target(rows, 'ui.100000.passwords.searchAfterDebounce'),
    ],
    [
      'DOM elements on `/passwords`, scrolled anywhere (most seen)',
      number(row(rows, 'ui.100000.passwords.dom').value as number),
      pg(() => number(row(rows, 'pg.ui.passwords.dom').value as number)),
      target(rows, 'ui.100000.passwords.dom').replace(' elements', ''),
    ],
    [
      'JS heap after scrolling 1,000 entries of 100,000',
      withVerdict(rows, 'ui.100000.passwords.heapAfterScroll'),
      '',
      target(rows, 'ui.100000.passwords.heapAfterScroll'),
    ],
    ['scrollbar dragged to the end of 100,000 entries: last entry', jumpToEnd(rows), '', ''],
    [
      '`/dashboard` first recent entry, 100,000 entries',
      withVerdict(rows, 'ui.100000.dashboard.firstContent'),
      pg(() => withVerdict(rows, 'pg.ui.dashboard.firstContent')),
      target(rows, 'ui.100000.dashboard.firstContent'),
    ],
    [
      'window of 100 right after a write vs bare route',
      ratio(rows, 'list', true),
      pg(() => ratio(rows, 'pg.list', true)),
      target(rows, 'list.ratio'),
    ],
    ['the same, a process with `LIST_CACHE_MB=0` (no target)', ratio(rows, 'list.database', false), '', ''],
    [
      'export of 100,000 entries (JSON, 54 MB)',
      withVerdict(rows, 'transfer.export'),
      pg(() => withVerdict(rows, 'pg.transfer.export')),
      target(rows, 'transfer.export'),
    ],
    [
      'server memory during that export (after the imports)',
      withVerdict(rows, 'transfer.exportRss'),
      pg(() => withVerdict(rows, 'pg.transfer.exportRss')),
      target(rows, 'transfer.exportRss'),
    ],
    [
      'import of 100,000 entries in 5 uploads',
      withVerdict(rows, 'transfer.import'),
      pg(() => withVerdict(rows, 'pg.transfer.import')),
      target(rows, 'transfer.import'),
    ],
    [
      '20,000 of them imported again, updating them (new passwords)',
      figure(rows, 'transfer.reimport'),
      pg(() => figure(rows, 'pg.transfer.reimport')),
      '',
    ],
    ['sign-in minus raw Argon2id', withVerdict(rows, 'signin.overhead'), '', target(rows, 'signin.overhead')],
    [
      'one vault unlock (Argon2id m=64 MiB, t=3, p=4), round trip',
      withVerdict(rows, 'unlock.single'),
      '',
      target(rows, 'unlock.single'),
    ],
    [
      'server memory idle / peak under 100 concurrent sign-ins',
      `${figure(rows, 'memory.idle')} / ${withVerdict(rows, 'memory.burstPeak')}`,
      '',
      target(rows, 'memory.burstPeak'),
    ],
    [
      'server memory peak under 100 concurrent unlocks',
      withVerdict(rows, 'unlock.burstPeak'),
      '',
      target(rows, 'unlock.burstPeak'),
    ],
  ];
}

/** Markdown, each column as wide as its widest cell (as Prettier aligns it). */
export function markdownTable(cells: string[][]): string {
  const widths = cells[0].map((_, column) => Math.max(3, ...cells.map((line) => [...line[column]].length)));
  const line = (parts: string[]) =>
    `| ${parts.map((part, column) => part + ' '.repeat(widths[column] - [...part].length)).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** README.md with its table (the block that starts with the header line) replaced by `table`. */
export function withTable(readme: string, table: string): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((text) => /^\| measurement\s+\| SQLite/.test(text));
  if (start < 0) throw new Error('README.md has no table whose header starts "| measurement | SQLite"');
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end += 1;
  return [...lines.slice(0, start), table, ...lines.slice(end)].join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const file =
    args.find((arg) => !arg.startsWith('--')) ?? path.join(ROOT, 'bench', 'results', 'latest.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
  if ((report.settings?.latencyMs ?? 0) > 0) {
    throw new Error('the run added latency to the browser (BENCH_LATENCY_MS): the table is of loopback runs');
  }
  const table = markdownTable(tableCells(new Map(report.rows.map((found) => [found.id, found]))));
  if (!args.includes('--write')) {
    process.stdout.write(`${table}\n`);
    return;
  }
  const readme = path.join(ROOT, 'README.md');
  fs.writeFileSync(readme, withTable(fs.readFileSync(readme, 'utf8'), table));
  process.stdout.write(`README.md: the table of the run at ${report.commit} (${report.date})\n`);
}

if (require.main === module) main();
