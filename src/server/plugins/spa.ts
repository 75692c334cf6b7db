import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { injectRuntimeConfig } from '@shared/runtime-config';
import type { RuntimeConfig } from '@shared/runtime-config.schema';
import { encodeBody, readPrecompressedFile, sendEncodedBody } from '../lib/encoded-body';
import { compressibleType, listFiles, MIN_COMPRESS_BYTES } from '../lib/static-compression';

/**
 * Serves the built React app: hashed assets cached for a year, every other
 * GET that is not an API or file path answered with index.html so the client
 * router decides (unknown paths redirect to / there). Unknown /api paths stay JSON 404.
 *
 * Text files (scripts, styles, SVG…) are answered from memory in the form the
 * client accepts: the brotli and gzip copies the build wrote beside them
 * (scripts/build.ts), or the file as is. Other files (images, the terms PDF)
 * go through @fastify/static.
 *
 * index.html is rendered once at start with the runtime config in it, so
 * settings such as STORE_ID reach the browser without a rebuild, and
 * compressed then.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDir: string; runtimeConfig: RuntimeConfig }) => {
    const indexFile = path.join(options.webDir, 'index.html');
    const indexPage = existsSync(indexFile)
      ? await encodeBody(
          injectRuntimeConfig(readFileSync(indexFile, 'utf8'), options.runtimeConfig),
          'text/html; charset=utf-8',
          'no-cache',
        )
      : undefined;

    if (indexPage !== undefined) {
      const inMemory: string[] = [];
      let uncompressed = 0;
      for (const file of listFiles(options.webDir)) {
        const contentType = compressibleType(file);
        if (contentType === undefined || file === 'index.html') continue;
        const body = readPrecompressedFile(
          path.join(options.webDir, file),
          contentType,
          cacheControlFor(file),
        );
        if (body.codings.length === 0 && body.identity.length >= MIN_COMPRESS_BYTES) {
          uncompressed += 1;
        }
        inMemory.push(file);
        app.get(`/${file}`, (request, reply) => sendEncodedBody(request, reply, body));
      }
      if (uncompressed > 0) {
        app.log.warn(
          `${uncompressed} web files have no compressed copy: build the web app with scripts/build.ts`,
        );
      }
      await app.register(fastifyStatic, {
        root: options.webDir,
        wildcard: false,
        index: false,
        // Answered above from memory (index.html through the not-found handler below).
        globIgnore: ['index.html', '**/*.br', '**/*.gz', ...inMemory],
        setHeaders(res, filePath) {
          res.header('cache-control', cacheControlFor(path.relative(options.webDir, filePath)));
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isBackend =
        pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/files/');
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isBackend && wantsPage && indexPage !== undefined) {
        return sendEncodedBody(request, reply, indexPage);
      }
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: API_MESSAGES.routeNotFound } });
    });
  },
);

/** Hashed bundles never change; other public files may, so they are revalidated soon. */
function cacheControlFor(relativePath: string): string {
  if (relativePath.split(path.sep).join('/').startsWith('assets/'))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
