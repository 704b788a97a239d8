// A Chromium trace of one page load, read for what a CPU profile cannot tell: what the renderer's main
// thread spent its time on besides JavaScript (layout, style, the preload scanner's requests, idle), and
// when each of the page's resources was asked for and answered (from the HTTP cache or the server).
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from '@playwright/test';

/** What the bench asks Chromium to record (Tracing.start's categories). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'disabled-by-default-v8.compile',
].join(',');

/** Records a trace of the page's renderer while `work` runs, into `file` (JSON, an array of events). */
export async function traced(cdp: CDPSession, file: string, work: () => Promise<unknown>): Promise<void> {
  const events: unknown[] = [];
  const collect = ({ value }: { value: unknown[] }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  try {
    await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    await work();
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
  } finally {
    cdp.off('Tracing.dataCollected', collect);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(events));
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** Each main-thread event's name, by the kind of work it is; the rest counts as "other tasks". */
const KINDS: Record<string, string> = {
  'v8.evaluateModule': 'evaluating modules',
  EvaluateScript: 'evaluating scripts',
  'v8.compile': 'compiling',
  'v8.compileModule': 'compiling',
  'V8.CompileCode': 'compiling',
  'V8.ParseFunction': 'compiling',
  'V8.PreParse': 'compiling',
  'V8.CompileIgnition': 'compiling',
  'V8.CompileIgnitionFinalization': 'compiling',
  FunctionCall: 'running JavaScript',
  RunMicrotasks: 'running JavaScript',
  'V8.BytecodeBudgetInterrupt': 'running JavaScript',
  'LocalFrameView::performLayout': 'layout',
  'Document::recalcStyle': 'style',
  Paint: 'paint',
  ParseHTML: 'parsing HTML',
  'ResourceFetcher::requestResource': 'starting requests',
};

export interface TraceRequest {
  /** The resource's file name (or the API path), without its origin. */
  name: string;
  sentMs: number;
  answeredMs: number | null;
  fromCache: boolean;
}

export interface TraceSummary {
  /** From the first main-thread task to the last one recorded. */
  spanMs: number;
  /** Main-thread time by kind of work (each event's own time, not its children's), largest first. */
  byKind: [string, number][];
  idleMs: number;
  requests: TraceRequest[];
  firstContentfulPaintMs: number | null;
  /** V8's work on the page's code: functions compiled lazily on the main thread, scripts compiled in the
   * background, modules whose code cache was stored (a load that stores it did not use one). */
  compiled: { lazyFunctions: number; backgroundScripts: number; cachesStored: number };
}

const ms = (us: number) => us / 1000;

function mainThreadOf(events: TraceEvent[]): (event: TraceEvent) => boolean {
  const counts = new Map<string, number>();
  const mains = new Set<string>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      mains.add(key);
  }
  // The page's renderer is the busiest main thread (others: about:blank, extensions).
  const main = [...mains].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
  return (event) => `${event.pid}:${event.tid}` === main;
}

export function summariseTrace(file: string): TraceSummary {
  const events = JSON.parse(fs.readFileSync(file, 'utf8')) as TraceEvent[];
  const onMain = mainThreadOf(events);
  const spans = events
    .filter((e) => onMain(e) && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  if (spans.length === 0) throw new Error(`${file}: no main-thread events`);
  const start = spans[0].ts;
  const end = Math.max(...spans.map((e) => e.ts + (e.dur ?? 0)));
  // Own time: an event's duration less its children's, the children found by nesting on one thread.
  const own = new Map<string, number>();
  const open: { kind: string; end: number }[] = [];
  let busy = 0;
  for (const event of spans) {
    const eventEnd = event.ts + (event.dur ?? 0);
    while (open.length > 0 && open[open.length - 1].end <= event.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent)
      own.set(parent.kind, (own.get(parent.kind) ?? 0) - (Math.min(eventEnd, parent.end) - event.ts));
    else busy += event.dur ?? 0;
    const kind = KINDS[event.name] ?? 'other tasks';
    own.set(kind, (own.get(kind) ?? 0) + (event.dur ?? 0));
    open.push({ kind, end: eventEnd });
  }
  const requests = new Map<string, TraceRequest>();
  let firstContentfulPaintMs: number | null = null;
  const compiled = { lazyFunctions: 0, backgroundScripts: 0, cachesStored: 0 };
  for (const event of events) {
    if (event.name === 'V8.CompileCode' && onMain(event)) compiled.lazyFunctions += 1;
    if (event.name === 'BackgroundCompileTask::Run') compiled.backgroundScripts += 1;
    if (event.name === 'v8.produceModuleCache' || event.name === 'v8.produceCache')
      compiled.cachesStored += 1;
    const data = event.args?.data ?? {};
    const id = typeof data.requestId === 'string' ? data.requestId : undefined;
    if (event.name === 'ResourceSendRequest' && id && typeof data.url === 'string') {
      const url = new URL(data.url);
      const name = url.pathname.startsWith('/api/')
        ? url.pathname + url.search
        : url.pathname.split('/').pop();
      requests.set(id, {
        name: name || url.pathname,
        sentMs: ms(event.ts - start),
        answeredMs: null,
        fromCache: false,
      });
    }
    const request = id ? requests.get(id) : undefined;
    if (event.name === 'ResourceReceiveResponse' && request) {
      request.answeredMs = ms(event.ts - start);
      request.fromCache = data.fromCache === true;
    }
    if (event.name === 'firstContentfulPaint' && onMain(event) && firstContentfulPaintMs === null) {
      firstContentfulPaintMs = ms(event.ts - start);
    }
  }
  return {
    spanMs: ms(end - start),
    byKind: [...own].map(([kind, us]): [string, number] => [kind, ms(us)]).sort((a, b) => b[1] - a[1]),
    idleMs: ms(end - start - busy),
    requests: [...requests.values()].sort((a, b) => a.sentMs - b.sentMs),
    firstContentfulPaintMs,
    compiled,
  };
}

const at = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} ms`);

/** The main thread's time by kind, then the requests: the page, its code in one line, the API calls. */
export function renderTrace(summary: TraceSummary, title: string): string {
  const lines = [`${title}: ${summary.spanMs.toFixed(0)} ms from the first task to the last`];
  lines.push('  main thread, own time by kind of work:');
  for (const [kind, value] of [...summary.byKind, ['idle', summary.idleMs] as [string, number]]) {
    lines.push(`  ${value.toFixed(1).padStart(8)} ms  ${kind}`);
  }
  const code = summary.requests.filter((r) => /\.(js|css)$/.test(r.name));
  const others = summary.requests.filter((r) => !code.includes(r));
  if (code.length > 0) {
    const answered = code.map((r) => r.answeredMs ?? Infinity);
    const cached = code.filter((r) => r.fromCache).length;
    // The page's entry script is the first script it asks for (the preloads come after it).
    const entry = code.find((r) => r.name.endsWith('.js'));
    lines.push(
      `  code: ${code.length} files (${cached} from the HTTP cache), asked for ${at(code[0].sentMs)}-${at(code[code.length - 1].sentMs)}, answered ${at(Math.min(...answered))}-${at(Math.max(...answered))}`,
    );
    if (entry)
      lines.push(
        `  the entry ${entry.name}: asked for at ${at(entry.sentMs)}, answered at ${at(entry.answeredMs)}`,
      );
  }
  for (const request of others) {
    lines.push(
      `  ${request.name}: asked for at ${at(request.sentMs)}, answered at ${at(request.answeredMs)}${request.fromCache ? ' (from the cache)' : ''}`,
    );
  }
  const { lazyFunctions, backgroundScripts, cachesStored } = summary.compiled;
  lines.push(
    `  V8: ${lazyFunctions} functions compiled lazily on the main thread, ${backgroundScripts} scripts compiled in the background, code cache stored for ${cachesStored}`,
  );
  lines.push(`  first contentful paint at ${at(summary.firstContentfulPaintMs)}`);
  return lines.join('\n');
}
