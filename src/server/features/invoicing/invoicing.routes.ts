import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@shared/errors';
import { InvoiceList, INVOICING_MESSAGES } from '@shared/invoicing/invoicing.schema';
import { z } from '@shared/zod';
import { sendAttachment } from '../../lib/attachment';
import { actorOf } from '../accounts/role-guard';
import { invoicePdf, listInvoices } from './invoicing.service';

export const InvoiceParams = z.object({
  id: z.string().trim().min(1).max(64, INVOICING_MESSAGES.invoiceNotFound),
});

/** GET /api/company/invoices and each document's PDF: the signed-in company's only. */
export const companyInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags: ['company'],
        summary: 'Las facturas y notas de crédito de la comisión de la plataforma',
        response: { 200: InvoiceList },
      },
    },
    async (request) => ({
      invoices: await listInvoices(app.db, { kind: 'company', id: actorOf(request).userId }),
    }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['company'],
        summary: 'El PDF de un comprobante autorizado, con el QR de ARCA',
        params: InvoiceParams,
        response: { 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const scope = { kind: 'company', id: actorOf(request).userId } as const;
      const file = await invoicePdf(app.db, app.config.invoicing, scope, request.params.id);
      return sendAttachment(reply, { ...file, type: 'application/pdf' });
    },
  );
};
