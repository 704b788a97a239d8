import { websiteHref } from './websiteHref';

test('an http or https address is a link as it is', () => {
  expect(websiteHref('https://github.com/login')).toBe('https://github.com/login');
  expect(websiteHref('http://intranet.example:8080/a?b=c#d')).toBe('http://intranet.example:8080/a?b=c#d');
  expect(websiteHref('  HTTPS://Example.COM  ')).toBe('https://example.com/');
});

test('a site without a scheme is opened over https, a port included', () => {
  expect(websiteHref('github.com')).toBe('https://github.com/');
  expect(websiteHref('www.example.org/path?q=1')).toBe('https://www.example.org/path?q=1');
  expect(websiteHref('localhost:3000')).toBe('https://localhost:3000/');
  expect(websiteHref('example.com:8443/admin')).toBe('https://example.com:8443/admin');
});

test('any other scheme, or no address at all, is not a link', () => {
  for (const website of [
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:void(0)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com',
    'mailto:someone@example.com',
    'chrome://settings',
    'https://',
    'not an address',
    '',
    '   ',
  ]) {
    expect([website, websiteHref(website)]).toEqual([website, null]);
  }
});
