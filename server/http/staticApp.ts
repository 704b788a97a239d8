// Serves the built browser app under BASE_PATH with history fallback. One build serves any prefix:
// assets are referenced relatively and index.html gets a <base href> per request.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeAttribute } from './htmlAttribute';
import { pageWithin, readPageCodeLinks } from './pageCode';
import { contentSecurityPolicy, newCspNonce } from './securityHeaders';

export interface StaticOptions {
  staticDir: string;
  /** '/', or '/vault/' */
  basePath: string;
  /** The prefix the browser sees, per request (BASE_PATH, or X-Forwarded-Prefix behind a trusted proxy). */
  publicBase: (request: FastifyRequest) => string;
}

export async function registerStaticApp(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const indexFile = path.join(options.staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`${indexFile} is missing: run "npm run build" (npm start does it for you)`);
  }
  const readIndex = (): string | undefined =>
    fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  let indexHtml = readIndex();
  let pageCode = readPageCodeLinks(options.staticDir);

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!indexHtml) {
      indexHtml = readIndex();
      pageCode = readPageCodeLinks(options.staticDir);
    }
    if (!indexHtml)
      return reply.code(503).type('text/plain').send('The app is not built yet: run npm run build.');
    // The nonce lets Emotion and notistack insert <style> under a CSP without 'unsafe-inline'.
    const nonce = newCspNonce();
    const base = `<base href="${escapeAttribute(options.publicBase(request))}" />\n    <meta name="csp-nonce" content="${escapeAttribute(nonce)}" />`;
    return reply
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        indexHtml
          .replace('<head>', `<head>\n    ${base}`)
          .replace('</head>', `${pageCode.get(pageWithin(request.url, options.basePath)) ?? ''}</head>`),
      );
  };

  if (fs.existsSync(options.staticDir)) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      prefix: options.basePath,
      index: false,
      wildcard: false,
      // index.html is the page: served by sendIndex (base href, CSP nonce), never as a plain file.
      globIgnore: ['index.html'],
      // Otherwise @fastify/static writes its own Cache-Control over the one setHeaders chose.
      cacheControl: false,
      setHeaders(response, filePath) {
        // Vite names assets by content hash: cache them for a year. Everything else revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          response.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  app.get(options.basePath, sendIndex);
  app.get(`${options.basePath}index.html`, sendIndex);
  if (options.basePath !== '/')
    app.get(options.basePath.slice(0, -1), (_request, reply) => reply.redirect(options.basePath));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith(`${options.basePath}api/`) || url === `${options.basePath}api`;
    const wantsPage =
      request.method === 'GET' && !isApi && url.startsWith(options.basePath) && !path.extname(url);
    if (wantsPage) return sendIndex(request, reply);
    return reply.code(404).send({ message: 'Not found' });
  });
}
