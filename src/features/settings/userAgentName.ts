// The access log shows where an action came from as a short name ("Firefox on Windows"), parsed from
// the User-Agent the server recorded. Order matters: Edge and Opera also say Chrome, Chrome says Safari.

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_PRODUCT = 24;

/** 'Chrome on Linux', 'Safari on iOS'; a program's own name ('curl'); null when nothing was recorded. */
export function userAgentName(userAgent: string | null): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  // Not a browser (a script, an API client): the product token, e.g. 'curl/8.5.0' -> 'curl'.
  const product = text.split(/[\s/;(]/)[0].slice(0, MAX_PRODUCT);
  if (product && product !== 'Mozilla') return system ? `${product} on ${system}` : product;
  return system ? `A browser on ${system}` : 'Unknown browser';
}
