import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@shared/errors';
import {
  AdminInvoiceQuery,
  Invoice,
  InvoiceList,
  InvoiceRunBody,
  InvoiceRunResult,
  InvoicingStatus,
} from '@shared/invoicing/invoicing.schema';
import { sendAttachment } from '../../lib/attachment';
import { actingUserOf } from '../accounts/role-guard';
import { InvoiceParams } from './invoicing.routes';
import {
  invoicePdf,
  listInvoices,
  retryInvoice,
  runMonth,
  waitingMonths,
} from './invoicing.service';

/** Facturación: every company's documents, who waits and why, the month's run and retries. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Los comprobantes de todas las empresas, por mes, estado y empresa',
        querystring: AdminInvoiceQuery,
        response: { 200: InvoiceList },
      },
    },
    async (request) => ({
      invoices: await listInvoices(app.db, { kind: 'platform' }, request.query),
    }),
  );

  app.get(
    '/invoices/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Si la facturación electrónica está activa y qué empresas esperan comprobante',
        response: { 200: InvoicingStatus },
      },
    },
    async () => ({
      configured: app.config.invoicing.arca !== undefined,
      production: app.config.invoicing.production,
      point_of_sale: app.config.invoicing.pointOfSale,
      waiting: await waitingMonths(app.invoicing, { kind: 'platform' }),
    }),
  );

  app.post(
    '/invoices/run',
    {
      schema: {
        tags: ['admin'],
        summary: 'Factura ahora las comisiones de un mes que no están en ningún comprobante',
        body: InvoiceRunBody,
        response: { 202: InvoiceRunResult, 400: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const result = await runMonth(
        app.invoicing,
        { kind: 'platform' },
        request.body.month,
        actingUserOf(request),
      );
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/invoices/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reenvía a ARCA un comprobante rechazado (con los datos fiscales de hoy) o pendiente',
        params: InvoiceParams,
        response: { 202: Invoice, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const invoice = await retryInvoice(
        app.invoicing,
        { kind: 'platform' },
        request.params.id,
        actingUserOf(request),
      );
      return reply.status(202).send(invoice);
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        summary: 'El PDF de un comprobante autorizado',
        params: InvoiceParams,
        response: { 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const file = await invoicePdf(
        app.db,
        app.config.invoicing,
        { kind: 'platform' },
        request.params.id,
      );
      return sendAttachment(reply, { ...file, type: 'application/pdf' });
    },
  );
};
