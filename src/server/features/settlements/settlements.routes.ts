import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPayouts,
  BatchParams,
  CompanyBalances,
  MarkBatchPaidBody,
  MonthParam,
  RecordPaymentBody,
  SETTLEMENT_MESSAGES,
  SellerPayouts,
  Statement,
  StatementList,
} from '@shared/settlements/settlements.schema';
import { z } from '@shared/zod';
import { sendAttachment } from '../../lib/attachment';
import { actorOf } from '../accounts/role-guard';
import { notifyPayoutsPaid } from '../notifications/notifications.service';
import { companyBalance, sellerBalance } from './balances.service';
import {
  adminPayouts,
  createPayoutBatch,
  markPayoutBatchPaid,
  payoutBatchCsv,
  sellerPayouts,
} from './payouts.service';
import { statementCsv, statementPdf } from './statement-documents';
import {
  adminCompanyBalances,
  companyStatement,
  recordCompanyPayment,
  statementList,
} from './statements.service';

/** The same figures as Mis Cobros (GET /api/seller/payouts), from balances.service. */
const SellerBalance = z.object({
  /** Commission not payable yet: inside the hold period, or its company has not paid it. */
  pending_cents: z.number().int(),
  /**
   * What can be paid out now: past the hold and paid by the company, less what
   * is in process or paid out (negative while a refund after a payout is owed back).
   */
  available_cents: z.number().int(),
  /** In payout batches not yet paid. */
  in_process_cents: z.number().int(),
  /** Paid out to the seller. */
  paid_cents: z.number().int(),
  hold_days: z.number().int(),
});

const CompanyBalance = z.object({
  /** What the company owes in all: sellers plus platform, to the cent. */
  owed_cents: z.number().int(),
  sellers_cents: z.number().int(),
  platform_cents: z.number().int(),
});

/** GET /api/seller/balance: the seller's commission from the ledger. */
export const sellerBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance',
    {
      schema: {
        tags: ['seller'],
        summary: 'Comisiones del vendedor según el libro: pendientes (en espera) y disponibles',
        response: { 200: SellerBalance },
      },
    },
    async (request) => {
      const holdDays = app.config.pay.settlementHoldDays;
      const balance = await sellerBalance(app.db, actorOf(request).userId, holdDays);
      return {
        pending_cents: balance.pendingCents,
        available_cents: balance.availableCents,
        in_process_cents: balance.inProcessCents,
        paid_cents: balance.paidOutCents,
        hold_days: holdDays,
      };
    },
  );
};

/** GET /api/company/balance: what the company owes its sellers and the platform. */
export const companyBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance',
    {
      schema: {
        tags: ['company'],
        summary: 'Lo que la empresa debe a sus vendedores y a la plataforma, según el libro',
        response: { 200: CompanyBalance },
      },
    },
    async (request) => {
      const balance = await companyBalance(app.db, actorOf(request).userId);
      return {
        owed_cents: balance.owedCents,
        sellers_cents: balance.sellersCents,
        platform_cents: balance.platformCents,
      };
    },
  );
};

const MonthParams = z.object({ month: MonthParam });
const CompanyParams = z.object({
  companyId: z.string().trim().min(1).max(64, SETTLEMENT_MESSAGES.companyNotFound),
});

/** Liquidaciones of a company: its months, one month's statement, as CSV and PDF. */
export const companySettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settlements',
    {
      schema: {
        tags: ['company'],
        summary: 'Liquidaciones de la empresa por mes: comisiones, pagos y saldo',
        response: { 200: StatementList },
      },
    },
    async (request) => statementList(app.db, actorOf(request).userId),
  );

  app.get(
    '/settlements/:month',
    {
      schema: {
        tags: ['company'],
        summary: 'La liquidación de un mes, pedido por pedido',
        params: MonthParams,
        response: { 200: Statement },
      },
    },
    async (request) => companyStatement(app.db, actorOf(request).userId, request.params.month),
  );

  app.get(
    '/settlements/:month/export.csv',
    {
      schema: {
        tags: ['company'],
        summary: 'La liquidación de un mes en CSV',
        params: MonthParams,
      },
    },
    async (request, reply) => {
      const statement = await companyStatement(
        app.db,
        actorOf(request).userId,
        request.params.month,
      );
      return sendAttachment(reply, {
        name: `liquidacion-${statement.month}.csv`,
        type: 'text/csv; charset=utf-8',
        body: statementCsv(statement),
      });
    },
  );

  app.get(
    '/settlements/:month/statement.pdf',
    {
      schema: {
        tags: ['company'],
        summary: 'La liquidación de un mes en PDF, con los mismos números',
        params: MonthParams,
      },
    },
    async (request, reply) => {
      const statement = await companyStatement(
        app.db,
        actorOf(request).userId,
        request.params.month,
      );
      return sendAttachment(reply, {
        name: `liquidacion-${statement.month}.pdf`,
        type: 'application/pdf',
        body: await statementPdf(statement),
      });
    },
  );
};

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
    async () => adminCompanyBalances(app.db),
  );

  app.get(
    '/settlements/:companyId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Las liquidaciones mensuales de una empresa',
        params: CompanyParams,
        response: { 200: StatementList },
      },
    },
    async (request) => statementList(app.db, request.params.companyId),
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
    async (request) => companyStatement(app.db, request.params.companyId, request.params.month),
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
      const actor = actorOf(request);
      await recordCompanyPayment(app.db, {
        companyId: request.params.companyId,
        amountCents: request.body.amount_cents,
        paidOn: request.body.paid_on,
        reference: request.body.reference,
        actor: { id: actor.userId, name: actor.profile.name },
      });
      return reply.status(201).send(await statementList(app.db, request.params.companyId));
    },
  );
};

/** Mis Cobros: GET /api/seller/payouts. */
export const sellerPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts',
    {
      schema: {
        tags: ['seller'],
        summary: 'Mis cobros: pendiente, disponible, en proceso y pagado, y el historial de pagos',
        response: { 200: SellerPayouts },
      },
    },
    async (request) =>
      sellerPayouts(app.db, actorOf(request).userId, {
        holdDays: app.config.pay.settlementHoldDays,
        minimumCents: app.config.pay.payoutMinimumCents,
      }),
  );
};

/** Payouts to sellers: who can be paid, batches, their CSV for home banking, and marking them paid. */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = () => ({
    holdDays: app.config.pay.settlementHoldDays,
    minimumCents: app.config.pay.payoutMinimumCents,
  });

  app.get(
    '/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Vendedores que se pueden pagar (o bloqueados y por qué) y los lotes de pago',
        response: { 200: AdminPayouts },
      },
    },
    async () => adminPayouts(app.db, rules()),
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
      const actor = actorOf(request);
      await createPayoutBatch(app.db, rules(), { id: actor.userId, name: actor.profile.name });
      return reply.status(201).send(await adminPayouts(app.db, rules()));
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
      const actor = actorOf(request);
      await markPayoutBatchPaid(
        app.db,
        request.params.id,
        request.body.reference,
        { id: actor.userId, name: actor.profile.name },
        notifyPayoutsPaid,
      );
      return adminPayouts(app.db, rules());
    },
  );
};
