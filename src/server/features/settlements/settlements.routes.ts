import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@shared/zod';
import { actorOf } from '../accounts/role-guard';
import { companyOwes, sellerBalance } from './ledger.service';

const SellerBalance = z.object({
  /** Commission of approved sales still inside the hold period. */
  pending_cents: z.number().int(),
  /** Commission past the hold: what can be paid out. */
  available_cents: z.number().int(),
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
      const owes = await companyOwes(app.db, actorOf(request).userId);
      return {
        owed_cents: owes.owedCents,
        sellers_cents: owes.sellersCents,
        platform_cents: owes.platformCents,
      };
    },
  );
};
