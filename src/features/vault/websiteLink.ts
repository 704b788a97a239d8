// A website as people type it ('github.com', 'https://github.com/login', 'intranet') made into the
// address of a link that opens in a new tab: only web addresses become links; anything else (a
// javascript: or data: address, text that is no address) stays text.

/** The link's href, or null when the website is not a web address. */
export function websiteHref(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
