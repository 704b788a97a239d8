// Debian's Chromium, never a browser downloaded by a tool. As root it needs --no-sandbox; the other
// flags keep it off a network this machine does not have. Used by playwright.config.ts and the bench.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
