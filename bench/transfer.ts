// 4. Import and export of 10,000 entries through the real server: the request round trip on loopback
// (the server's time plus a negligible transfer), and the same without the one Argon2id unlock each does.
import { expectStatus } from './lib/http';
import { list, median, type Row } from './lib/results';
import { importVault, type BenchUser } from './lib/users';

const SECTION = 'Import / export, 10,000 entries';

/**
 * Imports `data` (count entries) once for each of `importers` (the first keeps the vault the browser
 * measures), then exports the first one's vault `exportRuns` times.
 */
export async function measureTransfer(
  baseUrl: string,
  importers: BenchUser[],
  data: string,
  count: number,
  exportRuns: number,
  argonMs: number,
): Promise<Row[]> {
  const imports: number[] = [];
  for (const user of importers) {
    const answer = await importVault(baseUrl, user, data);
    if (answer.imported !== count) throw new Error(`imported ${answer.imported} of ${count} entries`);
    imports.push(answer.ms);
  }
  const owner = importers[0];
  const exports: number[] = [];
  let exportedBytes = 0;
  for (let run = 0; run < exportRuns; run += 1) {
    const result = await expectStatus(200, baseUrl, '/api/utility/export', {
      token: owner.token,
      localAddress: owner.address,
      body: { masterPassword: owner.masterPassword, format: 'json' },
      timeoutMs: 120_000,
    });
    const file = JSON.parse((result.json as { data: string }).data) as { passwords: unknown[] };
    if (file.passwords.length !== count)
      throw new Error(`exported ${file.passwords.length} of ${count} entries`);
    exportedBytes = result.raw.length;
    exports.push(result.ms);
  }
  const mb = (Buffer.byteLength(data) / 1e6).toFixed(1);
  return [
    {
      id: 'transfer.import',
      section: SECTION,
      label: `import (${mb} MB JSON): round trip`,
      value: median(imports),
      unit: 'ms',
      target: { op: '<', value: 1000 },
      note: `median of ${imports.length}: ${list(imports)}`,
    },
    {
      id: 'transfer.importWithoutArgon',
      section: SECTION,
      label: 'import without the Argon2id unlock',
      value: median(imports) - argonMs,
      unit: 'ms',
      note: `minus ${argonMs.toFixed(0)} ms (Argon2id in the bench process)`,
    },
    {
      id: 'transfer.export',
      section: SECTION,
      label: `export JSON (${(exportedBytes / 1e6).toFixed(1)} MB answer): round trip`,
      value: median(exports),
      unit: 'ms',
      target: { op: '<', value: 500 },
      note: `median of ${exports.length}: ${list(exports)}`,
    },
    {
      id: 'transfer.exportWithoutArgon',
      section: SECTION,
      label: 'export without the Argon2id unlock',
      value: median(exports) - argonMs,
      unit: 'ms',
    },
  ];
}
