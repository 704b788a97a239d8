// The server's Content-Security-Policy allows styles only with a per-response nonce, which it writes
// into index.html as <meta name="csp-nonce" content="...">. goober (notistack's styles) reads
// `window.__nonce__` when its module loads, so main.tsx installs it before it loads anything that
// styles; Emotion (MUI) gets the nonce through its cache (styleCache.ts). No imports here on purpose.

declare global {
  interface Window {
    __nonce__?: string;
  }
}

export function readCspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  return meta?.content || undefined;
}

export function installCspNonce(): void {
  const nonce = readCspNonce();
  if (nonce) window.__nonce__ = nonce;
}
