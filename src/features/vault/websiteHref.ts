// Where an entry's website may lead: only http and https become links. A site saved without a scheme
// ('github.com', 'intranet.local:8080') is opened over https; anything else ('javascript:...', 'data:...',
// 'file:...', a text that is no address) is shown as plain text and never put in an href.

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** What follows 'host:' when the text is a host and its port ('example.com:8080/path'), not a scheme. */
const PORT_AFTER_COLON = /^\d+(?:[/?#]|$)/;

/** The href of an entry's website, or null when it must not be a link. */
export function websiteHref(website: string): string | null {
  const text = website.trim();
  // A space or control character inside is no address, and browsers strip some of them ('java\tscript:').
  // eslint-disable-next-line no-control-regex
  if (!text || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  const scheme = SCHEME.exec(text);
  const hasScheme = scheme !== null && !PORT_AFTER_COLON.test(text.slice(scheme[0].length));
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname ? url.href : null;
}
