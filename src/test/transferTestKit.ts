// Test helpers (not used by the app): the transfer routes behind the mocked global fetch, a stand-in
// for the browser's object URLs and downloads (jsdom has neither), and a file reader for Blobs.
import { fakeMasterPassword, type FakeMasterPassword } from './fakeMasterPassword';
import { mockApi, type ApiCall, type MockHandler } from './mockApi';

export const MASTER = 'Master#Pass1';

export interface TransferServer {
  calls: ApiCall[];
  /** Calls of one route so far, e.g. count('POST /utility/import'). */
  count: (route: string) => number;
  /** The bodies the import received. */
  imports: () => Record<string, unknown>[];
  /** The server's master-password rules. */
  master: FakeMasterPassword;
}

export function installTransferServer(routes: Record<string, MockHandler> = {}): TransferServer {
  const master = fakeMasterPassword(MASTER);
  const masterRoutes = Object.fromEntries(
    Object.entries(master.routes).map(([route, handler]) => [
      route,
      ({ body }: ApiCall) => handler((body ?? {}) as Record<string, unknown>),
    ]),
  );
  const { calls } = mockApi({
    ...masterRoutes,
    'POST /utility/export': ({ body }) => {
      const { masterPassword, format } = body as { masterPassword: string; format: string };
      const refused = master.check(masterPassword);
      if (refused) return refused;
      return {
        body: {
          success: true,
          data: format === 'csv' ? 'name,url\nGitHub,https://github.com\n' : '{\n  "version": 1\n}',
          filename: `passwords_export_2026-03-04.${format}`,
          format,
        },
      };
    },
    'POST /utility/import': ({ body }) =>
      master.check((body as { masterPassword: string }).masterPassword) ?? {
        body: {
          success: true,
          message: 'Import completed successfully',
          data: { imported: 2, updated: 0, skipped: 1, errors: [] },
        },
      },
    'GET /passwords': { body: { data: { passwords: [] } } },
    'GET /passwords/stats': { body: { data: { total: 0, favorites: 0, categories: {} } } },
    'POST /auth/logout': { body: { message: 'Logged out' } },
    ...routes,
  });
  const count = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route).length;
  const imports = () =>
    calls
      .filter((call) => call.path === '/utility/import')
      .map((call) => call.body as Record<string, unknown>);
  return { calls, count, imports, master };
}

export interface Download {
  filename: string;
  href: string;
  blob: Blob;
}

/** Records every file the page saves; call restore() afterwards. */
export function captureDownloads() {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  let next = 0;
  const url = URL as unknown as Record<string, unknown>;
  const saved = { create: url.createObjectURL, revoke: url.revokeObjectURL };
  url.createObjectURL = (blob: Blob) => {
    next += 1;
    const href = `blob:http://localhost/export-${next}`;
    blobs.set(href, blob);
    return href;
  };
  url.revokeObjectURL = (href: string) => revoked.push(href);
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    // The link must be in the document when it is clicked, like a browser needs it.
    expect(this.isConnected).toBe(true);
    downloads.push({ filename: this.download, href: this.href, blob: blobs.get(this.href) as Blob });
  });
  return {
    downloads,
    revoked,
    restore() {
      click.mockRestore();
      url.createObjectURL = saved.create;
      url.revokeObjectURL = saved.revoke;
    },
  };
}

/** A Blob's text (jsdom's Blob has no text()). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
