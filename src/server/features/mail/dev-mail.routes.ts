import type { FastifyPluginAsync } from 'fastify';
import { readInbox } from './mailer';

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * /dev/mail: the local inbox, for development without SMTP (never registered in
 * production). JSON with `Accept: application/json`, a simple page otherwise.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    const messages = await readInbox(app.config.dataDir);
    if (request.headers.accept?.includes('application/json')) return { messages };
    const rows = messages
      .map(
        (message) => `<li><p><strong>${escape(message.subject)}</strong><br>
Para: ${escape(message.to)} · ${escape(message.date)}</p>
<ul>${message.links.map((link) => `<li><a href="${escape(link)}">${escape(link)}</a></li>`).join('')}</ul></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Bandeja local</title></head><body style="font-family:sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem"><h1>Bandeja local de correo</h1><p>${messages.length} mensajes guardados en DATA_DIR/mail.</p><ol>${rows}</ol></body></html>`,
      );
  });
};
