// The server injects <base href="/prefix/"> into index.html, so one build runs under any BASE_PATH.

/** '/' or '/vault/' */
export function appBasePath(): string {
  const path = new URL(document.baseURI).pathname;
  return path.endsWith('/') ? path : path.replace(/[^/]*$/, '');
}

/** Router basename: '' or '/vault'. */
export function routerBasename(): string {
  return appBasePath().replace(/\/$/, '');
}

/** '/api' or '/vault/api' */
export function apiBaseUrl(): string {
  return `${appBasePath()}api`;
}
