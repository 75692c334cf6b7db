import type { FastifyBaseLogger } from 'fastify';
import type { PayNext } from '@shared/orders/orders.schema';
import type { PaymentProvider as PaymentProviderId } from '@shared/payments/payment-methods.schema';
import type { PayConfig } from '../../../config/env';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { SecretBox } from '../../../lib/secret-box';
import type { LinkOrderRow, OrderRow } from '../../orders/orders.service';
import type { ProductRow } from '../../products/products.service';
import type { ActiveMethod } from '../payment-methods.service';
import type { PaymentVerdict } from '../payment-outcome.service';
import { WEBHOOK_TOLERANCE_SECONDS, type WebhookRequest } from '../webhook-route';

export type { PaymentProviderId };

export const INVALID_SIGNATURE = () =>
  new AppError('INVALID_SIGNATURE', 'La firma del webhook no es válida.', 400);
/** A webhook whose body, signed or not, is not an event the provider sends. */
export const INVALID_EVENT = () =>
  new AppError('INVALID_EVENT', 'El cuerpo del webhook no es un evento válido.', 400);
export const EXPIRED_SIGNATURE = () =>
  new AppError(
    'INVALID_SIGNATURE',
    `La firma del webhook está vencida: su hora difiere de la nuestra en más de ${WEBHOOK_TOLERANCE_SECONDS} segundos.`,
    400,
  );
/** The gateway could not be asked: a 5xx, so it delivers the webhook again later. */
export const PROVIDER_UNREACHABLE = (provider: string) =>
  new AppError(
    'PROVIDER_UNAVAILABLE',
    `No pudimos confirmar el pago con ${provider}; se reintentará.`,
    502,
  );

/**
 * The gateway did not refund (it refused, failed or could not be reached):
 * a 502, and the order is left as it was.
 */
export const REFUND_FAILED = (provider: string) =>
  new AppError(
    'REFUND_FAILED',
    `${provider} no pudo reintegrar el pago; el pedido no cambió. Inténtalo de nuevo en unos minutos.`,
    502,
  );

/** What an adapter needs from the app: a company's method with its secrets, and the gateways' URLs. */
export interface ProviderContext {
  db: Database;
  secretBox: SecretBox;
  pay: PayConfig;
  log: FastifyBaseLogger;
}

/** A payment-link order just written, and where the buyer goes next. */
export interface LinkStartRequest {
  channel: 'link';
  order: LinkOrderRow;
  product: ProductRow;
  appUrl: string;
  /** The buyer's /success link with their token (where a gateway sends them back). */
  successUrl: string;
  /** The buyer's /transfer link with their token. */
  transferUrl: string;
  /** Whether the buyer's link went out by e-mail when the order was written. */
  mailed: boolean;
  now: Date;
  expiresAt: Date;
}

/** A storefront order (a cart) as the gateway's hosted page shows it. */
export interface StoreCheckoutOrder {
  id: string;
  totalCents: number;
  currency: string;
  buyerEmail: string;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
}

/** A storefront order the buyer pays on the gateway's page, and where they come back to. */
export interface StoreStartRequest {
  channel: 'store';
  order: StoreCheckoutOrder;
  successUrl: string;
  cancelUrl: string;
  /** Until when the gateway's page may take the payment. */
  expiresAt: Date;
}

/** An order of either channel whose payment starts now. */
export type StartRequest = LinkStartRequest | StoreStartRequest;

export interface Started {
  next: PayNext;
  /** The gateway's id for the payment, when it has one before the buyer pays. */
  providerPaymentId?: string;
  buyerEmailSent: boolean;
}

/**
 * One payment as the gateway itself answered it, asked with the company's
 * credentials: never what a browser or a webhook body claims.
 */
export interface PaymentReading {
  paymentId: string;
  /** One fact about one payment ("pi_123:succeeded"): applied at most once. */
  eventKey: string;
  eventType: string;
  verdict: PaymentVerdict;
  /** What the gateway says it received; null for a refund of the whole payment. */
  amountCents: number | null;
  currency: string;
  /**
   * What the platform kept of it at the source (a connected account's payment:
   * MercadoPago's `marketplace_fee`, Stripe's application fee); null when none.
   */
  applicationFeeCents?: number | null;
  /**
   * The order it pays: by id (the order was started with this payment, so an
   * order holding another payment id is not it) or by its external reference.
   */
  order: { id: string } | { reference: string } | null;
}

/** What a verified webhook comes to: a payment read back from the gateway, or nothing to apply. */
export type WebhookReading =
  { reading: PaymentReading } | { result: 'ignored' | 'unknown_order' | 'unknown_company' };

/** A paid order to give back in full, with the gateway's id of the payment that paid it. */
export interface RefundRequest {
  /** Any order: a payment link's or the storefront's. */
  order: OrderRow;
  paymentId: string;
}

export interface Refunded {
  /** The gateway's id of the refund; null when the gateway had refunded it already. */
  refundId: string | null;
}

/** A company's (or the platform's) account at one gateway, ready to be called. */
export interface ProviderConnection {
  /** Asks the gateway for the buyer's next step; throws an AppError (already logged) if it cannot. */
  start(request: StartRequest): Promise<Started>;
  /** Reads a payment back; null when the gateway does not know it. */
  readPayment?(paymentId: string): Promise<PaymentReading | null>;
  /** The gateway's page for a payment started earlier, while it can still be paid; else null. */
  resume?(paymentId: string): Promise<string | null>;
  /** Closes a payment started earlier so it can no longer be paid (best effort). */
  close?(paymentId: string): Promise<void>;
  /**
   * Gives the whole payment back to the buyer, once whatever the retries
   * (an idempotency key per order); throws REFUND_FAILED (already logged)
   * when the gateway does not. A gateway without refunds has none.
   */
  refund?(request: RefundRequest): Promise<Refunded>;
}

/**
 * One payment gateway, for orders of both channels: pay.service picks the
 * adapter by the buyer's choice, the storefront uses the platform's Stripe
 * account through the same adapter; confirmation (webhooks, return pages)
 * reads payments back through it and applies them in one place
 * (payment-confirmation.service → payment-outcome.service), and the admin's
 * refunds go back through it.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** The status a new order waits in, and for how long its units are held. */
  readonly waitingStatus: 'pending_payment' | 'pending_transfer';
  holdMs(pay: PayConfig): number;
  /** The company's account from its method; null when the method lacks what the gateway needs. */
  connect(context: ProviderContext, method: ActiveMethod): ProviderConnection | null;
  /** Why a company's method that `connect` refused cannot take a payment. */
  notConnected(): AppError;
  /** The payment id a buyer came back with, when it may be this order's. */
  returnedPaymentId?(
    order: OrderRow,
    returned: { paymentIntent?: string | undefined; paymentId?: string | undefined },
  ): string | undefined;
  /** Verifies a webhook (400 AppError when its signature is bad) and reads back what it names. */
  webhook?(
    context: ProviderContext,
    companyId: string,
    request: WebhookRequest,
  ): Promise<WebhookReading>;
}
