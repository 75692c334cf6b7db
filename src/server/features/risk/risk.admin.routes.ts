import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ResolveRiskBody,
  RiskFlag,
  RiskFlagList,
  RiskFlagParams,
  RiskQuery,
} from '@shared/risk/risk.schema';
import { actorOf } from '../accounts/role-guard';
import { listRiskFlags, resolveRiskFlag } from './risk.service';

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
        response: { 200: RiskFlag },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return resolveRiskFlag(app.db, { kind: 'platform' }, request.params.id, request.body, {
        id: actor.userId,
        name: actor.profile.name,
      });
    },
  );
};
