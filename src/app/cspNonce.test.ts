// The server's CSP allows styles only with its nonce: Emotion and goober (notistack) must carry it.
import { installCspNonce } from './cspNonce';

afterEach(() => {
  document.head.querySelector('meta[name="csp-nonce"]')?.remove();
  delete window.__nonce__;
});

function loadStyleCache() {
  let cache: typeof import('./styleCache').emotionCache | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module, as on a page load
    cache = (require('./styleCache') as typeof import('./styleCache')).emotionCache;
  });
  return cache!;
}

test('the nonce in <meta name="csp-nonce"> reaches Emotion and goober', () => {
  const meta = document.createElement('meta');
  meta.name = 'csp-nonce';
  meta.content = 'n0nce123';
  document.head.appendChild(meta);
  installCspNonce();
  expect(window.__nonce__).toBe('n0nce123');
  expect(loadStyleCache().nonce).toBe('n0nce123');
});

test('without the meta (vite dev server, tests), nothing is set', () => {
  installCspNonce();
  expect(window.__nonce__).toBeUndefined();
  expect(loadStyleCache().nonce).toBeUndefined();
});
