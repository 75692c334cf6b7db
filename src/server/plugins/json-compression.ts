import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateContentEncoding } from '../lib/content-encoding';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain too little to pay for the compression. */
export const JSON_COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses JSON answers of at least 1 KB for clients that accept it, after
 * serialization. Brotli at quality 4 costs about what gzip 6 does and is
 * smaller; compression runs on libuv's thread pool. Answers that already chose
 * an encoding (the storefront's cached gzip, see lib/json-body.ts) and
 * streams are left alone.
 */
export const jsonCompressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < JSON_COMPRESS_MIN_BYTES) return payload;

    reply.header('vary', 'accept-encoding');
    const coding = negotiateContentEncoding(request.headers['accept-encoding']);
    if (coding === 'identity') return payload;
    const compressed =
      coding === 'br'
        ? await brotliAsync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return compressed;
  });
});
