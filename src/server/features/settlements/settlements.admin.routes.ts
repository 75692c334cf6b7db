import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPayouts,
  BatchParams,
  CompanyBalances,
  CompanyStatementList,
  MarkBatchPaidBody,
  RecordPaymentBody,
  SETTLEMENT_MESSAGES,
  Statement,
  StatementList,
} from '@shared/settlements/settlements.schema';
import { z } from '@shared/zod';
import { sendAttachment } from '../../lib/attachment';
import { actingUserOf } from '../accounts/role-guard';
import { notifyPayoutsPaid } from '../notifications/notifications.service';
import { adminPayouts, createPayoutBatch, markPayoutBatchPaid } from './payouts.service';
import { payToOf } from './pay-to';
import { payoutBatchCsv } from './payout-batch-csv';
import { payoutRulesOf } from './payout-standing';
import { MonthParams } from './settlements.routes';
import {
  adminCompanyBalances,
  companyStatement,
  recordCompanyPayment,
  statementList,
} from './statements.service';

const CompanyParams = z.object({
  companyId: z.string().trim().min(1).max(64, SETTLEMENT_MESSAGES.companyNotFound),
});

/** The admin's side: what every company owes, each one's statements, and recording their payments. */
export const adminSettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settlements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lo que debe cada empresa (comisiones menos pagos), el saldo mayor primero',
        response: { 200: CompanyBalances },
      },
    },
    async () => adminCompanyBalances(app.db, { kind: 'platform' }),
  );

  app.get(
    '/settlements/:companyId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Las liquidaciones mensuales de una empresa y la referencia de sus transferencias',
        params: CompanyParams,
        response: { 200: CompanyStatementList },
      },
    },
    async (request) => ({
      ...(await statementList(app.db, { kind: 'company', id: request.params.companyId })),
      pay_to: payToOf(app.config.store.bank, request.params.companyId),
    }),
  );

  app.get(
    '/settlements/:companyId/:month',
    {
      schema: {
        tags: ['admin'],
        summary: 'La liquidación de un mes de una empresa',
        params: CompanyParams.extend(MonthParams.shape),
        response: { 200: Statement },
      },
    },
    async (request) =>
      companyStatement(
        app.db,
        { kind: 'company', id: request.params.companyId },
        request.params.month,
      ),
  );

  app.post(
    '/settlements/:companyId/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Registra una transferencia de la empresa (pagos parciales permitidos)',
        params: CompanyParams,
        body: RecordPaymentBody,
        response: { 201: StatementList },
      },
    },
    async (request, reply) => {
      await recordCompanyPayment(app.db, {
        companyId: request.params.companyId,
        amountCents: request.body.amount_cents,
        paidOn: request.body.paid_on,
        reference: request.body.reference,
        actor: actingUserOf(request),
      });
      return reply
        .status(201)
        .send(await statementList(app.db, { kind: 'company', id: request.params.companyId }));
    },
  );
};

/** Payouts to sellers: who can be paid, batches, their CSV for home banking, and marking them paid. */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = () => payoutRulesOf(app);

  app.get(
    '/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Vendedores que se pueden pagar (o bloqueados y por qué) y los lotes de pago',
        response: { 200: AdminPayouts },
      },
    },
    async () => adminPayouts(app.db, { kind: 'platform' }, rules()),
  );

  app.post(
    '/payouts/batches',
    {
      schema: {
        tags: ['admin'],
        summary: 'Crea un lote con lo disponible de cada vendedor listo para cobrar',
        response: { 201: AdminPayouts },
      },
    },
    async (request, reply) => {
      await createPayoutBatch(app.db, { kind: 'platform' }, rules(), actingUserOf(request));
      return reply.status(201).send(await adminPayouts(app.db, { kind: 'platform' }, rules()));
    },
  );

  app.get(
    '/payouts/batches/:id/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'El lote en CSV para el home banking',
        params: BatchParams,
      },
    },
    async (request, reply) => {
      const csv = await payoutBatchCsv(app.db, request.params.id);
      return sendAttachment(reply, {
        name: `lote-pagos-${request.params.id}.csv`,
        type: 'text/csv; charset=utf-8',
        body: csv,
      });
    },
  );

  app.post(
    '/payouts/batches/:id/paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marca el lote como pagado (una sola vez) y avisa a cada vendedor',
        params: BatchParams,
        body: MarkBatchPaidBody,
        response: { 200: AdminPayouts },
      },
    },
    async (request) => {
      await markPayoutBatchPaid(
        app.db,
        request.params.id,
        request.body.reference,
        actingUserOf(request),
        notifyPayoutsPaid,
      );
      return adminPayouts(app.db, { kind: 'platform' }, rules());
    },
  );
};
