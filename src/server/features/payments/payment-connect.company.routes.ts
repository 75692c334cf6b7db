import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MERCADOPAGO_CONNECT_MESSAGES,
  StripeConnectStart,
} from '@shared/payments/payment-methods.schema';
import { z } from '@shared/zod';
import { escapeHtml } from '../../lib/html';
import { AppError } from '../../lib/app-error';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import { profileContacts } from '../profiles/profiles.service';
import {
  disconnectMercadoPago,
  finishMercadoPagoConnect,
  startMercadoPagoConnect,
  type ConnectDeps,
} from './mercadopago-connect.service';
import {
  disconnectStripe,
  finishStripeConnect,
  startStripeConnect,
  type StripeConnectDeps,
} from './stripe-connect.service';

const CallbackQuery = z.object({
  code: z.string().trim().min(1).max(512).optional(),
  state: z.string().trim().min(1).max(256).optional(),
  error: z.string().max(200).optional(),
});

const GATEWAYS_PAGE = '/company/payment-gateways';

/** A refused connection, as a page when a browser came back with it (it cannot follow a 400's Location). */
function refusedPage(provider: string, message: string): string {
  const title = `No se pudo conectar ${provider}`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}a{color:#0369a1;font-weight:600}</style></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="${GATEWAYS_PAGE}">Volver a Pasarelas de Pago</a></p></body></html>`;
}

const PROVIDER_NAMES = { mercadopago: 'MercadoPago', stripe: 'Stripe' } as const;

/**
 * The connect address opened in a browser (typed, bookmarked, or followed once
 * the password check lapsed): a refusal sends the person to Pasarelas de Pago,
 * whose button starts the connection (password first), rather than showing raw
 * JSON. API clients, which do not ask for HTML, still get the JSON error.
 */
function toGatewaysPageInBrowser(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && request.headers.accept?.includes('text/html')) {
    return reply.redirect(GATEWAYS_PAGE, 303);
  }
  throw error;
}

/**
 * A connection the provider's callback could not finish: back to Pasarelas de
 * Pago when the provider failed (502), a page for a browser, or the API's error.
 */
function refusedConnection(
  error: unknown,
  provider: keyof typeof PROVIDER_NAMES,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof AppError)) throw error;
  if (error.statusCode === 502) {
    return reply.redirect(`${GATEWAYS_PAGE}?connect_error=${provider}`, 302);
  }
  if (request.headers.accept?.includes('text/html')) {
    return reply
      .status(error.statusCode)
      .type('text/html; charset=utf-8')
      .send(refusedPage(PROVIDER_NAMES[provider], error.message));
  }
  throw error;
}

/**
 * /api/company/payment-methods/{mercadopago,stripe}/…: connecting the company's
 * own MercadoPago or Stripe account (OAuth and Stripe's onboarding) and
 * disconnecting it (payments.md).
 */
export const companyPaymentConnectRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every change of where the company's money goes is e-mailed to its owner with
  // a 'No fui yo' link and audited, in the change's transaction (features/destination-changes).
  const onChange = app.destinationChanges.companyMethodChanged;
  const stripeDeps: StripeConnectDeps = {
    db: app.db,
    pay: app.config.pay,
    appUrl: app.config.appUrl,
    onChange,
  };

  const stepUp = requireStepUp(app);

  const connectDeps: ConnectDeps = {
    db: app.db,
    secretBox: app.secretBox,
    pay: app.config.pay,
    appUrl: app.config.appUrl,
    onChange,
  };

  app.get(
    '/payment-methods/mercadopago/connect',
    {
      schema: {
        tags: ['company'],
        summary:
          'Lleva a la empresa a autorizar la aplicación de la plataforma en MercadoPago (302)',
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
      errorHandler: toGatewaysPageInBrowser,
    },
    async (request, reply) =>
      reply.redirect(await startMercadoPagoConnect(connectDeps, actorOf(request).userId), 302),
  );

  app.get(
    '/payment-methods/mercadopago/callback',
    {
      schema: {
        tags: ['company'],
        summary:
          'Vuelta de MercadoPago: canjea el código, guarda la conexión y vuelve a Pasarelas de Pago',
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => {
      const { code, state } = request.query;
      try {
        // The company declined on MercadoPago's page, or the answer lacks what it needs.
        if (!code || !state) {
          throw new AppError('OAUTH_STATE_INVALID', MERCADOPAGO_CONNECT_MESSAGES.stateInvalid, 400);
        }
        await finishMercadoPagoConnect(connectDeps, actorOf(request).userId, { code, state });
      } catch (error) {
        return refusedConnection(error, 'mercadopago', request, reply);
      }
      return reply.redirect(`${GATEWAYS_PAGE}?connected=mercadopago`, 302);
    },
  );

  app.delete(
    '/payment-methods/mercadopago/connection',
    {
      schema: {
        tags: ['company'],
        summary: 'Desconecta la cuenta de MercadoPago: la plataforma olvida sus credenciales',
        response: { 204: z.null() },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request, reply) => {
      await disconnectMercadoPago(connectDeps, actorOf(request).userId);
      return reply.status(204).send(null);
    },
  );

  // A POST (it creates the company's account at Stripe), so it is checked for the app's origin:
  // the page posts, then goes to the onboarding link it is answered.
  app.post(
    '/payment-methods/stripe/connect',
    {
      schema: {
        tags: ['company'],
        summary:
          'Crea (una vez) la cuenta de Stripe de la empresa y responde el enlace para activarla en Stripe',
        response: { 200: StripeConnectStart },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request) => {
      const companyId = actorOf(request).userId;
      const contact = (await profileContacts(app.db, [companyId])).get(companyId);
      const url = await startStripeConnect(stripeDeps, {
        id: companyId,
        email: contact?.email ?? '',
        name: contact?.company ?? contact?.name ?? '',
      });
      return { url };
    },
  );

  app.get(
    '/payment-methods/stripe/callback',
    {
      schema: {
        tags: ['company'],
        summary:
          'Vuelta de la activación en Stripe: lee la cuenta en Stripe y vuelve a Pasarelas de Pago (conectada o pendiente)',
      },
    },
    async (request, reply) => {
      try {
        const state = await finishStripeConnect(stripeDeps, actorOf(request).userId);
        return reply.redirect(
          `${GATEWAYS_PAGE}?${state === 'connected' ? 'connected' : 'pending'}=stripe`,
          302,
        );
      } catch (error) {
        return refusedConnection(error, 'stripe', request, reply);
      }
    },
  );

  app.delete(
    '/payment-methods/stripe/connection',
    {
      schema: {
        tags: ['company'],
        summary: 'Desconecta la cuenta de Stripe: la plataforma deja de cobrar en su nombre',
        response: { 204: z.null() },
      },
      // Where the company's money goes: a fresh password first (403 REAUTH_REQUIRED).
      preHandler: stepUp,
    },
    async (request, reply) => {
      await disconnectStripe(app.db, actorOf(request).userId, onChange);
      return reply.status(204).send(null);
    },
  );
};
