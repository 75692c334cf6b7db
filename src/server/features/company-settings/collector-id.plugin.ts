import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CollectorIdNeed } from '@shared/company/company-settings.schema';
import type { PaymentMethod } from '@shared/payments/payment-methods.schema';
import type { CompanyScope } from '../../lib/scope';
import { listPaymentMethods } from '../payments/payment-methods.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a company must type a MercadoPago collector id, and the one its connection gave. */
    collectorIdNeed: (scope: CompanyScope) => Promise<CollectorIdNeed>;
  }
}

/**
 * The collector id is MercadoPago's: a connected account gives it, and a
 * company that takes only transfers or cards never uses it. It is asked for
 * when MercadoPago runs on the company's own credentials, and, as spec 02 §5
 * says, while no payment method is set up yet.
 */
export function collectorIdNeedOf(
  methods: readonly Pick<PaymentMethod, 'provider' | 'connection' | 'collector_id'>[],
): CollectorIdNeed {
  const mercadopago = methods.find((method) => method.provider === 'mercadopago');
  const connected = mercadopago?.connection === 'oauth' ? mercadopago.collector_id : null;
  return {
    collector_id_required: !connected && (mercadopago !== undefined || methods.length === 0),
    connected_collector_id: connected,
  };
}

/** Decorates the app with `collectorIdNeed` (products and settings ask it; payments answers). */
export const collectorIdPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('collectorIdNeed', async (scope: CompanyScope) => {
    const { items } = await listPaymentMethods(
      { db: app.db, secretBox: app.secretBox, appUrl: app.config.appUrl },
      scope,
    );
    return collectorIdNeedOf(items);
  });
});
