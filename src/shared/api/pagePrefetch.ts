/**
 * What a page's prefetch started: its code and its first data, each settling when it has arrived or
 * failed. A signed-in reload shows the page once both are here (app/prefetchSignedIn.ts).
 */
export interface PagePrefetch {
  code: Promise<unknown>;
  data: Promise<unknown>;
}
