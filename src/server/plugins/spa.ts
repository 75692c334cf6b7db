import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';

/**
 * Serves the built React app: hashed assets cached for a year, every other
 * GET that is not an API or file path answered with index.html so the client
 * router decides (unknown paths redirect to / there). Unknown /api paths stay JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { webDir: string }) => {
  const indexFile = path.join(options.webDir, 'index.html');
  const hasBuild = existsSync(indexFile);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      wildcard: false,
      index: false,
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
    if (!isBackend && wantsPage && hasBuild) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: ERROR_CODES.notFound, message: API_MESSAGES.routeNotFound } });
  });
});

/** Hashed bundles never change; index.html must be revalidated so a deploy is seen at once. */
function cacheControlFor(filePath: string): string {
  if (filePath.endsWith(`${path.sep}index.html`)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
