import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, isSafeKey, type Storage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Decorates the app with its file storage and serves public files at /files/<key>. */
export const storagePlugin = fp(async (app: FastifyInstance, options: { storage?: Storage }) => {
  const storage = options.storage ?? createStorage(app.config);
  app.decorate('storage', storage);

  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isSafeKey(key) ? await storage.get('public', key) : null;
    if (!file) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: 'El archivo no existe.' },
      });
    }
    return (
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        // Uploaded files are only ever shown, never run: opened directly, even an SVG
        // or an HTML file renders in a sandbox without scripts.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'public, max-age=300')
        .send(file.body)
    );
  });
});
