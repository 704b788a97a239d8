// jsdom's page is always visible and online. Tests of what a tab does when it is left and come back to,
// or loses the network, move both here, and fire the events a browser fires with them.

let visibility: DocumentVisibilityState = 'visible';
let online = true;

/** Call at the top of a test file: the page's visibility and network follow the helpers below. */
export function controlPageState(): void {
  beforeAll(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(() => {
    visibility = 'visible';
    online = true;
  });
  afterAll(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
    delete (navigator as { onLine?: unknown }).onLine;
  });
}

/** The tab goes to the background (another tab, another app). */
export function hidePage(): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The tab is in front again: both events a browser fires on the way back. */
export function showPage(): void {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('focus'));
}

export function goOffline(): void {
  online = false;
  window.dispatchEvent(new Event('offline'));
}

export function goOnline(): void {
  online = true;
  window.dispatchEvent(new Event('online'));
}
