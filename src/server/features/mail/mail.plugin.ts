import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devMailRoutes } from './dev-mail.routes';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail: SMTP when SMTP_URL is set, else the local inbox (listed at /dev/mail outside production). */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    dataDir: app.config.dataDir,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  if (app.config.isProduction && !app.config.smtpUrl) {
    app.log.warn(
      'SMTP_URL no está configurado: los correos quedan en DATA_DIR/mail y no se envían.',
    );
  }
  if (!app.config.isProduction) await app.register(devMailRoutes);
});
