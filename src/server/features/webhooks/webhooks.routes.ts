import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  QueuedWebhookDelivery,
  UpdateWebhookBody,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookParams,
} from '@shared/integrations/webhooks.schema';
import { ApiErrorBody } from '@shared/errors';
import { z } from '@shared/zod';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retryWebhookDelivery,
  sendTestEvent,
  updateWebhookEndpoint,
  type EndpointDeps,
  type EndpointOwner,
} from './webhook-endpoints.service';

function ownerOf(request: Parameters<typeof actorOf>[0]): EndpointOwner {
  const actor = actorOf(request);
  return { companyId: actor.userId, userId: actor.userId, name: actor.name };
}

const TAGS = ['company'];

/** /api/company/webhooks: where the company's events go, and what became of them. */
export const companyWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): EndpointDeps => ({
    db: app.db,
    secretBox: app.secretBox,
    policy: app.config.webhooks,
    resolve: app.webhooks.resolve,
  });

  app.get(
    '/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: 'Los webhooks de la empresa (sin su secreto)',
        response: { 200: WebhookEndpointList },
      },
    },
    async (request) => listWebhookEndpoints(app.db, actorOf(request).userId),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: 'Crea un webhook; su secreto de firma se muestra solo en esta respuesta',
        body: CreateWebhookBody,
        response: { 201: CreatedWebhookEndpoint, 400: ApiErrorBody, 409: ApiErrorBody },
      },
      // The company's orders will go to this address: a fresh password first.
      preHandler: requireStepUp(app),
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhookEndpoint(deps(), ownerOf(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Cambia la dirección, los eventos o el estado de un webhook',
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookEndpoint, 400: ApiErrorBody, 404: ApiErrorBody },
      },
      // A new address sends the company's orders elsewhere: as for a new endpoint.
      preHandler: requireStepUp(app, {
        when: (request) => (request.body as { url?: unknown } | undefined)?.url !== undefined,
      }),
    },
    async (request) =>
      updateWebhookEndpoint(deps(), ownerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Borra un webhook y su registro de entregas',
        params: WebhookParams,
        response: { 204: z.null(), 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(app.db, ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags: TAGS,
        summary: 'Las últimas 100 entregas del webhook, la más nueva primero',
        params: WebhookParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryList, 404: ApiErrorBody },
      },
    },
    async (request) =>
      listWebhookDeliveries(app.db, actorOf(request).userId, request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        tags: TAGS,
        summary: 'Vuelve a enviar una entrega ahora',
        params: WebhookDeliveryParams,
        response: { 202: QueuedWebhookDelivery, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const delivery = await retryWebhookDelivery(
        app.db,
        actorOf(request).userId,
        request.params.id,
        Number(request.params.deliveryId),
      );
      app.webhooks.nudge();
      return reply.status(202).send(delivery);
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags: TAGS,
        summary: 'Envía un evento de prueba (webhook.test) a este webhook',
        params: WebhookParams,
        response: { 202: QueuedWebhookDelivery, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(app.db, actorOf(request).userId, request.params.id);
      app.webhooks.nudge();
      return reply.status(202).send(delivery);
    },
  );
};
