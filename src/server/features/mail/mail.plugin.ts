import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devMailRoutes } from './dev-mail.routes';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail: SMTP when SMTP_URL is set (always in production), else the local inbox at /dev/mail. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    dataDir: app.config.dataDir,
    log: app.log,
    isProduction: app.config.isProduction,
  });
  app.decorate('mailer', mailer);
  if (!app.config.isProduction) await app.register(devMailRoutes);
});
