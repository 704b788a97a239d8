// 1. What a cold load downloads before the page is usable: every script and stylesheet response, its body
// gzipped at level 9 (the server sends them uncompressed), summed.
import zlib from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import { newContext } from './lib/browser';
import type { Row } from './lib/results';
import { sleep } from './lib/processes';

const KB = 1000;
const SECTION = 'Bundle (gzip -9)';

export interface Download {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

function kindOf(response: Response): 'js' | 'css' | undefined {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  return undefined;
}

/** Polls until `ready` holds (each check is one Playwright round trip). */
async function until(ready: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    await sleep(10);
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

/** Loads `path` in a fresh context and sums the JS and CSS that arrived before `ready` held. */
async function coldLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<boolean>,
  token?: string,
): Promise<Download[]> {
  const context = await newContext(browser, baseUrl, token);
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(path);
    await until(() => ready(page), `${path} was not usable`);
    const before = [...responses];
    const seen = new Set<string>();
    const downloads: Download[] = [];
    for (const response of before) {
      const kind = kindOf(response);
      if (!kind || seen.has(response.url())) continue;
      seen.add(response.url());
      const body = await response.body();
      downloads.push({
        url: new URL(response.url()).pathname,
        kind,
        bytes: body.length,
        gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
      });
    }
    return downloads;
  } finally {
    await context.close();
  }
}

const sum = (downloads: Download[], kind?: 'js' | 'css') =>
  downloads.filter((d) => !kind || d.kind === kind).reduce((total, d) => total + d.gzipBytes, 0);
const rawSum = (downloads: Download[]) => downloads.reduce((total, d) => total + d.bytes, 0);

export const loginFormUsable = async (page: Page): Promise<boolean> => {
  const email = page.getByLabel('Email', { exact: true });
  return (await email.isVisible()) && (await email.isEnabled());
};

export const firstCardVisible = (page: Page): Promise<boolean> => page.locator('article').first().isVisible();

export async function measureBundles(browser: Browser, baseUrl: string, token: string): Promise<Row[]> {
  const login = await coldLoad(browser, baseUrl, '/login', loginFormUsable);
  const passwords = await coldLoad(browser, baseUrl, '/passwords', firstCardVisible, token);
  const files = (downloads: Download[]) =>
    `${downloads.length} files, ${(rawSum(downloads) / KB).toFixed(0)} KB raw`;
  return [
    {
      id: 'bundle.login.js',
      section: SECTION,
      label: '/login cold: JS until the form is usable',
      value: sum(login, 'js') / KB,
      unit: 'KB',
      digits: 1,
      target: { op: '<=', value: 250 },
      note: files(login.filter((d) => d.kind === 'js')),
      detail: login,
    },
    {
      id: 'bundle.login.css',
      section: SECTION,
      label: '/login cold: CSS files',
      value: sum(login, 'css') / KB,
      unit: 'KB',
      digits: 1,
      note: login.some((d) => d.kind === 'css')
        ? files(login.filter((d) => d.kind === 'css'))
        : 'no CSS files: the styles come with the JS (Emotion)',
    },
    {
      id: 'bundle.passwords.total',
      section: SECTION,
      label: '/passwords cold, signed in: JS + CSS until the first card',
      value: sum(passwords) / KB,
      unit: 'KB',
      digits: 1,
      target: { op: '<=', value: 350 },
      note: files(passwords),
      detail: passwords,
    },
  ];
}
