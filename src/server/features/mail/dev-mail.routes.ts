import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { readInbox } from './mailer';
import { escapeHtml } from '../../lib/html';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** True only for a request made on this machine (through a local proxy too, but not for one it forwarded). */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && LOOPBACK.test(request.ip);
}

/**
 * /dev/mail: the local inbox, for development without SMTP (never registered in
 * production). It holds confirmation and password-reset links, so it answers
 * only requests from this machine; others get the same 404 as any unknown path.
 * JSON with `Accept: application/json`, a simple page otherwise.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request)) {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: API_MESSAGES.routeNotFound } });
    }
    const messages = await readInbox(app.config.dataDir);
    if (request.headers.accept?.includes('application/json')) return { messages };
    const rows = messages
      .map(
        (message) => `<li><p><strong>${escapeHtml(message.subject)}</strong><br>
Para: ${escapeHtml(message.to)} · ${escapeHtml(message.date)}</p>
<ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Bandeja local</title></head><body style="font-family:sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem"><h1>Bandeja local de correo</h1><p>${messages.length} mensajes guardados en DATA_DIR/mail.</p><ol>${rows}</ol></body></html>`,
      );
  });
};
