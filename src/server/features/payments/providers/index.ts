import { mercadoPagoProvider } from './mercadopago';
import type { PaymentProvider, PaymentProviderId } from './provider';
import { stripeProvider } from './stripe';
import { transferProvider } from './transfer';

export type * from './provider';

const PROVIDERS: Record<PaymentProviderId, PaymentProvider> = {
  stripe: stripeProvider,
  mercadopago: mercadoPagoProvider,
  transferencia: transferProvider,
};

/** The adapter of one gateway a company's payment links can use. */
export function paymentProvider(id: PaymentProviderId): PaymentProvider {
  return PROVIDERS[id];
}
