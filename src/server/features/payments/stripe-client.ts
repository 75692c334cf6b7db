import Stripe from 'stripe';

export interface StripeKeys {
  secretKey: string;
  /** Base URL of a local fake of Stripe's API (tests, demos); never set in production. */
  apiUrl?: string | undefined;
}

/**
 * A Stripe client for one account's keys: the platform's (storefront) or a
 * company's (its payment links). With `apiUrl` it talks to a local fake.
 */
export function createStripeClient(keys: StripeKeys): Stripe {
  const fake = keys.apiUrl ? new URL(keys.apiUrl) : undefined;
  return new Stripe(keys.secretKey, {
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
