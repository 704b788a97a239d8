// Headers on every answer. The page (index.html) allows styles by a nonce of its own that the app hands
// to Emotion and notistack (it carries it in <meta name="csp-nonce">), so no 'unsafe-inline' anywhere;
// every other answer (the API's JSON, assets) needs no inline style at all and gets the policy without it.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy; with a nonce (the page), its inline <style> elements may apply. */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce for one page answer. */
export function newCspNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

const EVERY_ANSWER = Object.entries({
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string): void {
  // A callback hook, not an async one: it runs on every answer and awaits nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of EVERY_ANSWER) {
      // The page sets its own policy, with its nonce.
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers may carry secrets: no cache may keep them.
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
