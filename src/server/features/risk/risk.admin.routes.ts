import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ResolvedRiskFlag,
  ResolveRiskBody,
  RiskFlagList,
  RiskFlagParams,
  RiskQuery,
} from '@shared/risk/risk.schema';
import { actingUserOf } from '../accounts/role-guard';
import { payoutRulesOf } from '../settlements/payout-standing';
import { sellerPayoutHolds } from '../settlements/payouts.service';
import { listRiskFlags, openFlagCounts, resolveRiskFlag } from './risk.service';

/** Riesgo: the flags raised about sellers, and the admin's decision on each. */
export const adminRiskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/risk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Alertas de riesgo por vendedor y tipo, con sus eventos (las abiertas primero)',
        querystring: RiskQuery,
        response: { 200: RiskFlagList },
      },
    },
    async (request) => listRiskFlags(app.db, { kind: 'platform' }, request.query),
  );

  app.post(
    '/risk/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Descarta una alerta o confirma el fraude (anula las comisiones señaladas y suspende al vendedor)',
        params: RiskFlagParams,
        body: ResolveRiskBody,
        response: { 200: ResolvedRiskFlag },
      },
    },
    async (request) => {
      const flag = await resolveRiskFlag(
        app.db,
        { kind: 'platform' },
        request.params.id,
        request.body,
        actingUserOf(request),
      );
      // What the next batch does with the seller now: the admin is told the truth, not a hope.
      const [reasons, open] = await Promise.all([
        sellerPayoutHolds(app.db, { kind: 'seller', id: flag.seller.id }, payoutRulesOf(app)),
        openFlagCounts(app.db, [flag.seller.id]),
      ]);
      return {
        ...flag,
        seller_payouts: {
          held: reasons.length > 0,
          open_flags: open.get(flag.seller.id) ?? 0,
          reasons,
        },
      };
    },
  );
};
