import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** True unless the client refuses gzip or does not mention it. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
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
