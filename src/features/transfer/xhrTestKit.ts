// Test helper (not used by the app): an XMLHttpRequest for jsdom tests of the import. By default it
// reports the upload in two halves, then hands the request to the mocked fetch (src/test/mockApi), so
// the routes of installTransferServer answer it as they answer every other call. In manual mode each
// step is the test's to take.
import { NDJSON } from './importRequest';

type Listener = ((event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static manual = false;

  method = '';
  url = '';
  readonly requestHeaders = new Headers();
  body = '';
  status = 0;
  responseText = '';
  responseHeaders = new Headers();
  readonly upload: { onprogress: Listener; onload: Listener } = { onprogress: null, onload: null };
  onprogress: Listener = null;
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  ontimeout: Listener = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.set(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  send(body: string): void {
    this.body = body;
    FakeXhr.sent.push(this);
    if (!FakeXhr.manual) void this.forward();
  }

  abort(): void {
    this.onabort?.({});
  }

  /** Manual: `sent` bytes of the body are out. */
  uploaded(sent: number): void {
    const total = this.body.length;
    this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total });
    if (sent >= total) this.upload.onload?.({});
  }

  /** Manual: more of a progress answer has arrived. */
  receive(text: string, contentType = NDJSON, status = 200): void {
    this.status = status;
    this.responseHeaders = new Headers({ 'content-type': contentType });
    this.responseText += text;
    this.onprogress?.({});
  }

  /** Manual: the answer is complete. */
  finish(): void {
    this.onload?.({});
  }

  private async forward(): Promise<void> {
    // Asynchronous like a browser: the upload events come after send() has returned.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.uploaded(Math.floor(this.body.length / 2));
    this.uploaded(this.body.length);
    try {
      const response = await fetch(
        new Request(this.url, { method: this.method, headers: this.requestHeaders, body: this.body }),
      );
      this.status = response.status;
      this.responseHeaders = new Headers(response.headers);
      this.responseText = await response.text();
      this.onprogress?.({});
      this.onload?.({});
    } catch {
      this.onerror?.({});
    }
  }
}

/** Replaces XMLHttpRequest for the rest of the test file (each file has its own jsdom). */
export function installFakeXhr(): void {
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.manual = false;
  });
}
