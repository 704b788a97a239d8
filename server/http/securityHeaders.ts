// Headers on every answer. Styles are allowed by a per-response nonce that the app hands to Emotion
// and notistack (index.html carries it in <meta name="csp-nonce">), so no 'unsafe-inline' anywhere.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.cspNonce = crypto.randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers may carry secrets: no cache may keep them.
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
