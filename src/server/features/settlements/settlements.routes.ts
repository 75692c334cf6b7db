import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyStatementList,
  MonthParam,
  SellerPayouts,
  Statement,
} from '@shared/settlements/settlements.schema';
import { z } from '@shared/zod';
import { sendAttachment } from '../../lib/attachment';
import { actorOf } from '../accounts/role-guard';
import { companyBalance, sellerBalance } from './balances.service';
import { payToOf } from './pay-to';
import { payoutRulesOf } from './payout-standing';
import { sellerPayouts } from './payouts.service';
import { statementCsv, statementPdf } from './statement-documents';
import { companyStatement, statementList } from './statements.service';

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
      const balance = await sellerBalance(
        app.db,
        { kind: 'seller', id: actorOf(request).userId },
        holdDays,
      );
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
      const balance = await companyBalance(app.db, {
        kind: 'company',
        id: actorOf(request).userId,
      });
      return {
        owed_cents: balance.owedCents,
        sellers_cents: balance.sellersCents,
        platform_cents: balance.platformCents,
      };
    },
  );
};

export const MonthParams = z.object({ month: MonthParam });

/** Liquidaciones of a company: its months, one month's statement, as CSV and PDF. */
export const companySettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settlements',
    {
      schema: {
        tags: ['company'],
        summary:
          'Liquidaciones de la empresa por mes: comisiones, pagos, saldo y a qué cuenta transferirlo',
        response: { 200: CompanyStatementList },
      },
    },
    async (request) => {
      const companyId = actorOf(request).userId;
      return {
        ...(await statementList(app.db, { kind: 'company', id: companyId })),
        pay_to: payToOf(app.config.store.bank, companyId),
      };
    },
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
    async (request) =>
      companyStatement(
        app.db,
        { kind: 'company', id: actorOf(request).userId },
        request.params.month,
      ),
  );

  /** One month's statement as a file to download: the same figures, CSV or PDF. */
  const statementDocument = (
    file: string,
    summary: string,
    type: string,
    body: (statement: Statement) => string | Promise<Buffer>,
  ) =>
    app.get(
      `/settlements/:month/${file}`,
      { schema: { tags: ['company'], summary, params: MonthParams } },
      async (request, reply) => {
        const statement = await companyStatement(
          app.db,
          { kind: 'company', id: actorOf(request).userId },
          request.params.month,
        );
        return sendAttachment(reply, {
          name: `liquidacion-${statement.month}${extname(file)}`,
          type,
          body: await body(statement),
        });
      },
    );

  statementDocument(
    'export.csv',
    'La liquidación de un mes en CSV',
    'text/csv; charset=utf-8',
    statementCsv,
  );
  statementDocument(
    'statement.pdf',
    'La liquidación de un mes en PDF, con los mismos números',
    'application/pdf',
    statementPdf,
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
      sellerPayouts(app.db, { kind: 'seller', id: actorOf(request).userId }, payoutRulesOf(app)),
  );
};
