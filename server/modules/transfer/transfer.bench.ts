// Import and export of a 10,000-entry vault through the real app (app.inject: routing, body parsing,
// schemas, one Argon2id unlock, the database). Prints the server time of each, median of the runs.
//   npx tsx server/modules/transfer/transfer.bench.ts            (SQLite)
//   BENCH_DATABASE_URL=postgres://... npx tsx server/modules/transfer/transfer.bench.ts
import { performance } from 'node:perf_hooks';
import { CATEGORIES } from '../../../src/common/constants';
import { createUser } from '../../test/fixtures';
import { startTestApp } from '../../test/testApp';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function vaultFile(count: number): string {
  const passwords = Array.from({ length: count }, (_, i) => ({
    title: `Site ${i} \u2013 caf\u00e9`,
    email: `user${i}@example.com`,
    username: '',
    password: `Pa$$w0rd-${i}-${'x'.repeat(12)}`,
    website: `https://site${i}.example.com/login`,
    category: CATEGORIES[i % CATEGORIES.length],
    isFavorite: i % 7 === 0,
    notes: i % 3 === 0 ? `Note for entry ${i}, with a comma and "quotes"\nsecond line` : '',
    tags: i % 2 === 0 ? ['imported', `group-${i % 10}`] : [],
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
  }));
  return JSON.stringify({ version: 1, exportedAt: new Date().toISOString(), passwords }, null, 2);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    (globalThis as { __TEST_DATABASE__?: string }).__TEST_DATABASE__ = 'postgres';
  }
  const t = await startTestApp();
  try {
    const data = vaultFile(ENTRIES);
    const times = { import: [] as number[], exportJson: [] as number[], exportCsv: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      const user = await createUser(t);
      const call = async (route: string, payload: object) => {
        const start = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/utility/${route}`,
          headers: user.auth,
          payload,
        });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return { ms, body: res.json() };
      };
      const imported = await call('import', { masterPassword: user.masterPassword, data, format: 'json' });
      if (imported.body.data.imported !== ENTRIES) throw new Error('not every entry was imported');
      times.import.push(imported.ms);
      times.exportJson.push(
        (await call('export', { masterPassword: user.masterPassword, format: 'json' })).ms,
      );
      times.exportCsv.push((await call('export', { masterPassword: user.masterPassword, format: 'csv' })).ms);
    }
    const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    const mb = (Buffer.byteLength(data) / 1024 / 1024).toFixed(1);
    console.log(`${ENTRIES} entries (${mb} MB of JSON) on ${db}, median of ${RUNS} runs, server time:`);
    for (const [name, values] of Object.entries(times)) {
      console.log(
        `  ${name.padEnd(11)} ${median(values).toFixed(0)} ms   (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
