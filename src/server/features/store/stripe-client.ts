import Stripe from 'stripe';
import type { StoreConfig } from '../../config/env';

/**
 * The platform's Stripe client, or undefined when Stripe is not configured.
 * Outside production STRIPE_API_URL points it at a local fake of Stripe's API.
 */
export function createStripeClient(config: StoreConfig): Stripe | undefined {
  if (!config.stripe) return undefined;
  const fake = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : undefined;
  return new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: fake ? 0 : 2,
    telemetry: false,
    timeout: 20_000,
    ...(fake
      ? {
          host: fake.hostname,
          port: fake.port || (fake.protocol === 'https:' ? 443 : 80),
          protocol: fake.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
