// The list's window cache in GET /api/metrics (metrics.ts): read from the cache at each scrape.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../context';
import { listCacheUseOf, type ListCacheUse } from '../modules/vault/windowSources';

/**
 * The list's window cache (windowSources.ts), read at each scrape: what it holds against its budget,
 * and how often a window came from it, so an operator can tell whether LIST_CACHE_MB is enough.
 */
export function installListCacheMetrics(registers: Registry[], ctx: AppContext): void {
  const gauges: [string, string, (use: ListCacheUse) => number][] = [
    ['passvault_list_cache_bytes', 'List text the window cache holds, in bytes', (use) => use.heldBytes],
    [
      'passvault_list_cache_budget_bytes',
      'The most the window cache holds (LIST_CACHE_MB)',
      (use) => use.budgetBytes,
    ],
    ['passvault_list_cache_owners', 'Vaults the window cache keeps windows of', (use) => use.owners],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(listCacheUseOf(ctx)));
      },
    });
  }
  // Counters the cache keeps itself: each scrape shows its count so far.
  const counters: [string, string, (use: ListCacheUse) => number][] = [
    [
      'passvault_list_cache_catch_ups_total',
      "Catch-ups that applied a vault's changes to its windows in place",
      (use) => use.catchUps,
    ],
    [
      'passvault_list_cache_restarts_total',
      "Catch-ups that dropped a vault's windows (a bulk change, a gap, too many changes)",
      (use) => use.restarts,
    ],
    [
      'passvault_list_cache_evictions_total',
      'Windows dropped to stay within the budget',
      (use) => use.evictions,
    ],
  ];
  for (const [name, help, read] of counters) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read(listCacheUseOf(ctx)));
      },
    });
  }
  new Counter({
    name: 'passvault_list_cache_reads_total',
    help: 'Windows of the whole list asked of the cache, by outcome (hit: answered from it; miss: read from the database)',
    labelNames: ['outcome'] as const,
    registers,
    collect() {
      const use = listCacheUseOf(ctx);
      this.reset();
      this.inc({ outcome: 'hit' }, use.hits);
      this.inc({ outcome: 'miss' }, use.misses);
    },
  });
}
