import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPasswordResetLink } from '../auth/auth';
import { mailDomain } from '../mail/mailer';
import type { ActionMail, MailAttachment } from '../mail/templates';
import { renderOutboxMail } from './email-templates';
import { drainOutbox, startOutboxWorker, type OutboxDeps } from './outbox.worker';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: {
      /** Sends what is due now (tests, and a nudge after a change). */
      drain(now?: Date): ReturnType<typeof drainOutbox>;
      nudge(): void;
    };
    /**
     * Files an e-mail kind carries, made when it is sent, registered by the
     * feature that owns them (invoicing: the authorized document's PDF).
     */
    mailAttachments: Map<string, (payload: Record<string, unknown>) => Promise<MailAttachment[]>>;
  }
}

/**
 * The e-mail outbox's worker, in every instance: each polls every
 * OUTBOX_POLL_MS (0 turns it off) and takes due messages with SKIP LOCKED, so
 * several instances share the work and send each message once.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('mailAttachments', new Map());
  const withAttachments = async (
    kind: string,
    payload: Record<string, unknown>,
    mail: ActionMail | null,
  ): Promise<ActionMail | null> => {
    const attach = app.mailAttachments.get(kind);
    if (!mail || !attach) return mail;
    return { ...mail, attachments: await attach(payload) };
  };
  const deps = (now?: Date): OutboxDeps => ({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    messageDomain: mailDomain(app.config),
    render: async (kind, payload) =>
      withAttachments(
        kind,
        payload,
        await renderOutboxMail(
          {
            db: app.db,
            secretBox: app.secretBox,
            appUrl: app.config.appUrl,
            // app.auth is registered after this plugin; it exists by the time an e-mail is sent.
            passwordResetUrl: (userId) =>
              createPasswordResetLink(app.auth, app.config.appUrl, userId),
          },
          kind,
          payload,
        ),
      ),
    ...(now ? { now: () => now } : {}),
  });
  const options = { maxAttempts: app.config.outbox.maxAttempts };
  const worker =
    app.config.outbox.pollMs > 0
      ? startOutboxWorker(deps(), app.config.outbox.pollMs, options)
      : null;
  app.decorate('outbox', {
    drain: (now?: Date) => drainOutbox(deps(now), options),
    nudge: () => worker?.nudge(),
  });
  app.addHook('onClose', async () => worker?.stop());
});
