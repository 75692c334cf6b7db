import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateContentEncoding } from './content-encoding';

const gzipAsync = promisify(gzip);

/** A JSON answer serialized once, kept as its UTF-8 bytes and their gzip. */
export interface JsonBody {
  raw: Buffer;
  gzip: Buffer;
}

/** Serializes and compresses once (compression runs on libuv's thread pool). */
export async function encodeJsonBody(value: unknown): Promise<JsonBody> {
  const raw = Buffer.from(JSON.stringify(value));
  return { raw, gzip: await gzipAsync(raw, { level: 6 }) };
}

/** True when gzip is what the client should get (see content-encoding.ts). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return negotiateContentEncoding(header, ['gzip']) === 'gzip';
}

/**
 * Sends a cached JSON answer: compressed for clients that accept gzip (every
 * browser), as is otherwise. Nothing is serialized or compressed per request.
 */
export function sendJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonBody,
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.raw);
}
