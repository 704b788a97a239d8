// Reads a V8 .cpuprofile (node --cpu-prof) and answers where the CPU time went, optionally only inside
// given windows of the monotonic clock (e.g. the load rounds of the list endpoint): self time per
// function and per package / source file.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_BUILD_DIR } from './processes';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time inside the windows, idle excluded, in ms. */
  busyMs: number;
  idleMs: number;
  functions: { name: string; ms: number; share: number }[];
  groups: { name: string; ms: number; share: number }[];
  /** Time with the function anywhere on the stack (the project's own functions only). */
  inclusive: { name: string; ms: number; share: number }[];
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

function shortUrl(url: string): string {
  if (/^https?:/.test(url)) return new URL(url).pathname;
  const file = url.replace(/^file:\/\//, '');
  const nodeModules = file.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return file.slice(nodeModules + 'node_modules/'.length);
  // The compiled server's files by their sources' names.
  if (file.startsWith(`${SERVER_BUILD_DIR}/`))
    return path.relative(SERVER_BUILD_DIR, file).replace(/\.js$/, '.ts');
  if (file.startsWith(ROOT)) return path.relative(ROOT, file);
  return file;
}

/** node_modules/<package> (scoped included), node internals, or the project's file. */
function groupOf(frame: CallFrame): string {
  if (SPECIAL.has(frame.functionName)) return frame.functionName;
  const url = frame.url;
  if (!url) return '(native / V8 builtins)';
  if (url.startsWith('node:')) return 'node internals';
  if (/^https?:/.test(url)) return new URL(url).pathname;
  const file = url.replace(/^file:\/\//, '');
  const nodeModules = file.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = file.slice(nodeModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return shortUrl(url);
}

export function summariseProfile(file: string, windowsUs?: [number, number][], top = 15): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const isOwn = (frame: CallFrame) =>
    [`${ROOT}/server/`, `${ROOT}/src/`, `${SERVER_BUILD_DIR}/`].some((own) => frame.url.includes(own));
  // The project's files run compiled, without source maps: their line numbers are not the sources'.
  const frameName = (frame: CallFrame) =>
    `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${isOwn(frame) ? '' : `:${frame.lineNumber + 1}`}`;
  const inclusive = new Map<string, number>();
  const functions = new Map<string, number>();
  const groups = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let time = profile.startTime;
  const inWindow = (t: number) => !windowsUs || windowsUs.some(([from, to]) => t >= from && t <= to);
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    // A sample's time is the gap to the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (!inWindow(time)) continue;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idleUs += weight;
      continue;
    }
    busyUs += weight;
    const name = SPECIAL.has(frame.functionName) ? frame.functionName : frameName(frame);
    const onStack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
      const ancestor = byId.get(id)?.callFrame;
      if (ancestor && isOwn(ancestor)) onStack.add(frameName(ancestor));
    }
    for (const own of onStack) inclusive.set(own, (inclusive.get(own) ?? 0) + weight);
    functions.set(name, (functions.get(name) ?? 0) + weight);
    const group = groupOf(frame);
    groups.set(group, (groups.get(group) ?? 0) + weight);
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs ? us / busyUs : 0 }));
  return {
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    functions: ranked(functions),
    groups: ranked(groups),
    inclusive: ranked(inclusive),
  };
}

export function renderProfile(summary: ProfileSummary, title: string): string {
  const lines = [
    `${title}: ${summary.busyMs.toFixed(0)} ms on CPU, ${summary.idleMs.toFixed(0)} ms idle`,
    '  self time by package / file:',
    ...summary.groups.map(
      (g) => `    ${(g.share * 100).toFixed(1).padStart(5)}%  ${g.ms.toFixed(0).padStart(6)} ms  ${g.name}`,
    ),
    '  self time by function:',
    ...summary.functions.map(
      (f) => `    ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.ms.toFixed(0).padStart(6)} ms  ${f.name}`,
    ),
    "  total time of the project's own functions (callees included):",
    ...summary.inclusive.map(
      (f) => `    ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.ms.toFixed(0).padStart(6)} ms  ${f.name}`,
    ),
  ];
  return lines.join('\n');
}
