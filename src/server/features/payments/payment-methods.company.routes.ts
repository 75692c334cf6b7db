import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePaymentMethodBody,
  PAYMENT_METHOD_MESSAGES,
  PaymentMethod,
  PaymentMethodList,
  UpdatePaymentMethodBody,
} from '@shared/payments/payment-methods.schema';
import { z } from '@shared/zod';
import { companyScope } from '../../lib/scope';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import {
  createPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  updatePaymentMethod,
  type PaymentMethodDeps,
} from './payment-methods.service';

const MethodParams = z.object({ id: z.uuid({ error: PAYMENT_METHOD_MESSAGES.notFound }) });

/**
 * /api/company/payment-methods: the company's gateways (spec 02 §2, §5; API.md).
 * Connecting an account of its own is payment-connect.company.routes.ts.
 */
export const companyPaymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PaymentMethodDeps = {
    db: app.db,
    secretBox: app.secretBox,
    appUrl: app.config.appUrl,
    mercadopagoConnect: app.config.pay.mercadopagoApp !== undefined,
    stripeConnect: app.config.pay.stripeConnect !== undefined,
    // Every change of where the company's money goes is e-mailed to its owner with a
    // 'No fui yo' link and audited, in the change's transaction (features/destination-changes).
    onChange: app.destinationChanges.companyMethodChanged,
  };
  const stepUp = requireStepUp(app);

  app.get(
    '/payment-methods',
    {
      schema: {
        tags: ['company'],
        summary: 'Las pasarelas de pago de la empresa (sin secretos)',
        response: { 200: PaymentMethodList },
      },
    },
    async (request) => listPaymentMethods(deps, companyScope(actorOf(request).userId)),
  );

  app.get(
    '/payment-methods/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Una pasarela de pago (sin secretos)',
        params: MethodParams,
        response: { 200: PaymentMethod },
      },
    },
    async (request) =>
      getPaymentMethod(deps, companyScope(actorOf(request).userId), request.params.id),
  );

  app.post(
    '/payment-methods',
    {
      schema: {
        tags: ['company'],
        summary: 'Agrega una pasarela (una por proveedor); los secretos se guardan cifrados',
        body: CreatePaymentMethodBody,
        response: { 201: PaymentMethod },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPaymentMethod(deps, companyScope(actorOf(request).userId), request.body)),
  );

  app.patch(
    '/payment-methods/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Edita la configuración o el estado; un secreto omitido conserva el guardado',
        params: MethodParams,
        body: UpdatePaymentMethodBody,
        response: { 200: PaymentMethod },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request) =>
      updatePaymentMethod(
        deps,
        companyScope(actorOf(request).userId),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/payment-methods/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Elimina una pasarela de pago',
        params: MethodParams,
        response: { 204: z.null() },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request, reply) => {
      await deletePaymentMethod(deps, companyScope(actorOf(request).userId), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
