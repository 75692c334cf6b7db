import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createArcaClient } from './arca/arca-client';
import type { ArcaInvoicing } from './arca/arca-types';
import { databaseTicketStore } from './arca-ticket-store';
import type { InvoiceMailPayload } from '../notifications/invoicing-mails';
import { invoicePdf, scheduledRun, type InvoicingContext } from './invoicing.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fiscal documents' run, with ARCA when it is configured (features/invoicing). */
    invoicing: InvoicingContext;
  }
}

export interface InvoicingPluginOptions {
  /** ARCA's services (tests); unset: the SOAP client when ARCA is configured, else none. */
  arca?: ArcaInvoicing | null;
  now?: () => Date;
}

/** How often each instance makes the documents that are due and sends the pending ones. */
export const INVOICING_TICK_MS = 15 * 60 * 1000;

/**
 * Every 15 minutes (and at start), on every instance: the months that are over
 * get their documents and pending documents go to ARCA. Entries already on a
 * document are never taken again and sending is leased per sequence, so
 * instances running it at once issue each document once.
 */
export const invoicingPlugin = fp(async (app: FastifyInstance, options: InvoicingPluginOptions) => {
  const configured = app.config.invoicing.arca;
  const arca =
    options.arca !== undefined
      ? options.arca
      : configured
        ? createArcaClient({ ...configured, tickets: databaseTicketStore(app.db) })
        : null;
  const context: InvoicingContext = {
    db: app.db,
    config: app.config.invoicing,
    arca,
    now: options.now ?? (() => new Date()),
    onError: (error, invoiceId) =>
      app.log.warn({ err: error, invoiceId }, 'an invoice could not be sent to ARCA'),
  };
  app.decorate('invoicing', context);
  // The authorized document's e-mail carries its PDF, made when the e-mail is sent.
  app.mailAttachments.set('company_invoice_authorized', async (payload) => {
    const { invoiceId, companyId } = payload as Partial<InvoiceMailPayload>;
    if (typeof invoiceId !== 'string' || typeof companyId !== 'string') return [];
    const scope = { kind: 'company', id: companyId } as const;
    const file = await invoicePdf(app.db, app.config.invoicing, scope, invoiceId);
    return [{ filename: file.name, content: file.body, contentType: 'application/pdf' }];
  });
  if (app.config.outbox.pollMs === 0 || !arca) return; // tests run it themselves
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = scheduledRun(context)
      .catch((error: unknown) => app.log.warn({ err: error }, 'the invoicing run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, INVOICING_TICK_MS);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
