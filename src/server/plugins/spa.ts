import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { injectRuntimeConfig } from '@shared/runtime-config';
import type { RuntimeConfig } from '@shared/runtime-config.schema';
import { precompress, preferredEncoding } from '../lib/content-encoding';

/**
 * Serves the built React app: hashed assets cached for a year, every other
 * GET that is not an API or file path answered with index.html so the client
 * router decides (unknown paths redirect to / there). Unknown /api paths stay JSON 404.
 *
 * index.html is read once at start and carries the runtime config, so settings
 * such as STORE_ID reach the browser without a rebuild.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDir: string; runtimeConfig: RuntimeConfig }) => {
    const indexFile = path.join(options.webDir, 'index.html');
    const indexHtml = existsSync(indexFile)
      ? precompress(injectRuntimeConfig(readFileSync(indexFile, 'utf8'), options.runtimeConfig))
      : undefined;

    if (indexHtml !== undefined) {
      await app.register(fastifyStatic, {
        root: options.webDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text asset; the Accept-Encoding picks one (with Vary).
        preCompressed: true,
        // index.html is always answered from memory, with the runtime config in it.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          res.header('cache-control', cacheControlFor(filePath));
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isBackend =
        pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/files/');
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isBackend && wantsPage && indexHtml !== undefined) {
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Encoding');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(indexHtml[encoding]);
      }
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: API_MESSAGES.routeNotFound } });
    });
  },
);

/** Hashed bundles never change; other public files may, so they are revalidated soon. */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
