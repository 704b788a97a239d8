// 4. Import and export of the big vault (100,000 entries) through the real server. The import is how the
// bench fills that vault: 5 uploads of 20,000 distinct entries (each file well under the 20 MB limit),
// one after another; the figure is the sum of their round trips. The export (JSON) is timed the same
// way, and the server's resident memory (VmRSS) is sampled every 20 ms while it runs.
import { call, expectStatus } from './lib/http';
import { readMemory, sampleMemory, sleep } from './lib/processes';
import { list, median, round, type Row } from './lib/results';
import { fillVault, importVault, vaultFile, type BenchUser, type FilledVault } from './lib/users';
import { groupThousands } from '../src/common/numbers';

/** /proc reports KiB; the table shows MB (10^6 bytes), as the targets are written. */
const mb = (kib: number) => round((kib * 1024) / 1e6);

export interface MeasuredFill extends FilledVault {
  /** The server's VmRSS samples (KiB) during the uploads. */
  rssKib: number[];
}

/** Fills the vault in `parts` uploads (fillVault) while sampling the server's memory. */
export async function fillMeasured(
  baseUrl: string,
  pid: number,
  user: BenchUser,
  count: number,
  parts: number,
): Promise<MeasuredFill> {
  const sampler = sampleMemory(pid, 20);
  try {
    const fill = await fillVault(baseUrl, user, count, parts);
    return { ...fill, rssKib: sampler.stop() };
  } catch (error) {
    sampler.stop();
    throw error;
  }
}

/**
 * What one master-password unlock (Argon2id, m=64 MiB) costs this owner: `POST /api/auth/verify-master`,
 * median of `runs`. Every import and export request does one.
 */
export async function unlockMs(baseUrl: string, owner: BenchUser, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await call(baseUrl, '/api/auth/verify-master', {
      token: owner.token,
      localAddress: owner.address,
      body: { masterPassword: owner.masterPassword },
      timeoutMs: 60_000,
    });
    if (result.status !== 200) throw new Error(`verify-master answered ${result.status}`);
    times.push(result.ms);
  }
  return median(times);
}

/** The rows of a fill: the sum of the uploads (the target is for 100,000 entries in 5 uploads). */
export function importRows(
  fill: MeasuredFill,
  unlock: number,
  section: string,
  idPrefix = 'transfer',
): Row[] {
  const total = fill.uploadsMs.reduce((sum, ms) => sum + ms, 0);
  const maxMb = Math.max(...fill.uploadBytes) / 1e6;
  return [
    {
      id: `${idPrefix}.import`,
      section,
      label: `import ${groupThousands(fill.entries)} entries in ${fill.uploadsMs.length} uploads (JSON): sum of round trips`,
      value: total / 1000,
      unit: 's',
      digits: 2,
      target: { op: '<', value: 10 },
      note:
        `uploads ${list(fill.uploadsMs)} ms, one after another, each up to ${maxMb.toFixed(1)} MB and ` +
        `one master-password unlock (~${unlock.toFixed(0)} ms)`,
      detail: fill.uploadsMs,
    },
    {
      id: `${idPrefix}.importRss`,
      section,
      label: '  server peak VmRSS during the uploads',
      value: mb(Math.max(...fill.rssKib)),
      unit: 'MB',
      digits: 1,
      note: `${fill.rssKib.length} samples every 20 ms; ${mb(fill.rssKib[0]).toFixed(1)} MB before`,
    },
  ];
}

/**
 * The first upload's entries again, with new passwords and "Update existing entries": each entry of the
 * file is found in the vault and overwritten (its old password kept in its history), in one upload, after
 * the export. No target: it shows what importing a newer copy of a file costs, every row an UPDATE
 * (PostgreSQL's triggers once paid for those quadratically in each statement's rows).
 */
export async function measureReimport(
  baseUrl: string,
  owner: BenchUser,
  count: number,
  unlock: number,
  section: string,
  idPrefix = 'transfer',
): Promise<Row[]> {
  const data = vaultFile(count, 0, 1);
  const answer = await importVault(baseUrl, owner, data, { updateExisting: true });
  if (answer.updated !== count || answer.imported !== 0) {
    throw new Error(`re-import: ${answer.updated} updated and ${answer.imported} new of ${count} entries`);
  }
  return [
    {
      id: `${idPrefix}.reimport`,
      section,
      label: `re-import ${groupThousands(count)} of the entries with new passwords (update existing): round trip`,
      value: answer.ms / 1000,
      unit: 's',
      digits: 2,
      note:
        `one upload of ${(Buffer.byteLength(data) / 1e6).toFixed(1)} MB, every entry overwritten; ` +
        `one master-password unlock (~${unlock.toFixed(0)} ms) included`,
    },
  ];
}

/**
 * Exports `owner`'s vault (JSON) `runs` times, one at a time, checking each answer holds `count`
 * entries: the round trip (median) and the server's peak VmRSS during the requests (the highest of all
 * runs), sampled every 20 ms from /proc.
 */
export async function measureExport(
  baseUrl: string,
  pid: number,
  owner: BenchUser,
  count: number,
  runs: number,
  unlock: number,
  section: string,
  idPrefix = 'transfer',
): Promise<Row[]> {
  // The import's garbage has a moment to go first.
  await sleep(1000);
  const before = readMemory(pid).rssKib;
  const times: number[] = [];
  const peaks: number[] = [];
  let exportedBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const sampler = sampleMemory(pid, 20);
    let samples: number[] = [];
    try {
      const result = await expectStatus(200, baseUrl, '/api/utility/export', {
        token: owner.token,
        localAddress: owner.address,
        body: { masterPassword: owner.masterPassword, format: 'json' },
        timeoutMs: 120_000,
      });
      samples = sampler.stop();
      times.push(result.ms);
      exportedBytes = result.raw.length;
      const file = JSON.parse((result.json as { data: string }).data) as { passwords: unknown[] };
      if (file.passwords.length !== count) {
        throw new Error(`exported ${file.passwords.length} of ${count} entries`);
      }
    } finally {
      if (samples.length === 0) samples = sampler.stop();
    }
    peaks.push(Math.max(...samples));
    await sleep(500);
  }
  return [
    {
      id: `${idPrefix}.export`,
      section,
      label: `export ${groupThousands(count)} entries (JSON, ${(exportedBytes / 1e6).toFixed(1)} MB answer): round trip`,
      value: median(times) / 1000,
      unit: 's',
      digits: 2,
      target: { op: '<', value: 4 },
      note: `median of ${runs}: ${list(times)} ms; one master-password unlock (~${unlock.toFixed(0)} ms) included`,
      samples: times.map((ms) => ms / 1000),
      detail: times,
    },
    {
      id: `${idPrefix}.exportRss`,
      section,
      label: '  server peak VmRSS during the export',
      value: mb(Math.max(...peaks)),
      unit: 'MB',
      digits: 1,
      target: { op: '<', value: 300 },
      note:
        `highest of ${runs} runs (${peaks.map((p) => mb(p).toFixed(0)).join(', ')} MB), sampled every 20 ms; ` +
        `${mb(before).toFixed(1)} MB before the first (after the uploads), so +${mb(Math.max(...peaks) - before).toFixed(0)} MB`,
      samples: peaks.map(mb),
      detail: peaks,
    },
  ];
}
