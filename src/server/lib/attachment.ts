import type { FastifyReply } from 'fastify';

/** Answers a file to download (a CSV export, a PDF statement), never cached. */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; type: string; body: string | Buffer },
) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
