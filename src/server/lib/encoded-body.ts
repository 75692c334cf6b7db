import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateContentEncoding, type ContentCoding } from './content-encoding';
import { CODING_SUFFIX, compressMax, MIN_COMPRESS_BYTES } from './static-compression';

/**
 * A text file kept in memory with its compressed forms, answered by
 * Accept-Encoding. The web build is small (well under 1 MB with its
 * compressed copies) and never changes while the process runs.
 */
export interface EncodedBody {
  contentType: string;
  cacheControl: string;
  identity: Buffer;
  encoded: Partial<Record<ContentCoding, Buffer>>;
  /** Codings available, best first (the server's preference when the client ties). */
  codings: ContentCoding[];
  /** Strong validator of the identity bytes; each coding gets its own ETag from it. */
  tag: string;
}

function makeBody(
  identity: Buffer,
  encoded: Partial<Record<ContentCoding, Buffer>>,
  contentType: string,
  cacheControl: string,
): EncodedBody {
  const codings = (['br', 'gzip'] as const).filter((coding) => encoded[coding] !== undefined);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return { contentType, cacheControl, identity, encoded, codings, tag };
}

/** A built file and the `.br` / `.gz` siblings the build wrote beside it. */
export function readPrecompressedFile(
  filePath: string,
  contentType: string,
  cacheControl: string,
): EncodedBody {
  const encoded: Partial<Record<ContentCoding, Buffer>> = {};
  for (const coding of ['br', 'gzip'] as const) {
    const sibling = filePath + CODING_SUFFIX[coding];
    if (existsSync(sibling)) encoded[coding] = readFileSync(sibling);
  }
  return makeBody(readFileSync(filePath), encoded, contentType, cacheControl);
}

/** Compresses once now (at start): for content made at run time, such as index.html with its config. */
export async function encodeBody(
  content: string | Buffer,
  contentType: string,
  cacheControl: string,
): Promise<EncodedBody> {
  const identity = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const encoded = identity.length >= MIN_COMPRESS_BYTES ? await compressMax(identity) : {};
  return makeBody(identity, encoded, contentType, cacheControl);
}

function etagOf(body: EncodedBody, coding: ContentCoding | 'identity'): string {
  return coding === 'identity' ? `"${body.tag}"` : `"${body.tag}-${coding}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === etag || candidate === '*');
}

/**
 * Sends the best form the client accepts: Content-Type of the original,
 * Content-Encoding when compressed, `Vary: Accept-Encoding` always (a shared
 * cache must not hand brotli to a client that cannot read it), Content-Length
 * of the bytes sent (Fastify sets it for a Buffer), and 304 on a matching ETag.
 */
export function sendEncodedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply {
  const coding = negotiateContentEncoding(request.headers['accept-encoding'], body.codings);
  const etag = etagOf(body, coding);
  reply
    .header('content-type', body.contentType)
    .header('cache-control', body.cacheControl)
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  if (coding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', coding).send(body.encoded[coding]);
}
