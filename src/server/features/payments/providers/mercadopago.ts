import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { AppError } from '../../../lib/app-error';
import {
  applicationFeeCents,
  centsToDecimal,
  createMercadoPagoClient,
  decimalToCents,
  MercadoPagoError,
  verifyMercadoPagoSignature,
} from '../mercadopago';
import { methodWithSecrets } from '../payment-methods.service';
import type { PaymentVerdict } from '../payment-outcome.service';
import { WEBHOOK_TOLERANCE_SECONDS } from '../webhook-route';
import {
  EXPIRED_SIGNATURE,
  INVALID_EVENT,
  INVALID_SIGNATURE,
  PROVIDER_UNREACHABLE,
  REFUND_FAILED,
  type PaymentProvider,
  type ProviderConnection,
} from './provider';

function verdictOf(status: string): PaymentVerdict {
  if (status === 'approved') return 'approved';
  if (status === 'refunded' || status === 'charged_back') return 'refunded';
  return 'open';
}

/**
 * MercadoPago Checkout Pro with the company's access token: a preference the
 * buyer is sent to, payments read back by id, webhooks signed with the
 * company's optional secret (the payment is read back in every case, so a
 * forged notification can at most make us ask). A company that connected its
 * account (OAuth) is called with its delegated token: its preferences carry
 * the order's whole commission as `marketplace_fee`, and its notifications
 * are signed with the platform application's secret.
 */
/**
 * A notification's JSON body: an object, or none at all (older notifications
 * say everything in the query). Anything else, signed or not, is a 400.
 */
function notificationBody(rawBody: Buffer): Record<string, unknown> {
  if (rawBody.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_ERROR', 'El cuerpo del webhook no es JSON válido.', 400);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw INVALID_EVENT();
  return body as Record<string, unknown>;
}

export const mercadoPagoProvider: PaymentProvider = {
  id: 'mercadopago',
  waitingStatus: 'pending_payment',
  holdMs: (pay) => pay.reservationMinutes * 60_000,

  connect(context, method): ProviderConnection | null {
    const accessToken = method.secrets.accessToken;
    if (!accessToken || method.broken) return null;
    const connected = method.connection === 'oauth';
    const client = createMercadoPagoClient({ accessToken, apiUrl: context.pay.mercadopagoApiUrl });
    return {
      async start(request) {
        if (request.channel !== 'link')
          throw new Error('MercadoPago takes payment-link orders only');
        const { order, product, appUrl, successUrl, now, expiresAt } = request;
        try {
          const preference = await client.createPreference(
            {
              items: [
                {
                  id: product.id,
                  title: order.productTitle,
                  description: product.description.slice(0, 250) || undefined,
                  quantity: order.quantity,
                  currency_id: 'ARS',
                  unit_price: centsToDecimal(order.unitPriceCents),
                },
              ],
              payer: { name: order.buyerName, email: order.buyerEmail },
              external_reference: order.externalReference,
              notification_url: `${appUrl}/api/webhooks/mercadopago/${order.companyId}?source_news=webhooks`,
              back_urls: { success: successUrl, pending: successUrl, failure: successUrl },
              auto_return: 'approved',
              expires: true,
              expiration_date_from: now.toISOString(),
              expiration_date_to: expiresAt.toISOString(),
              metadata: { order_id: order.id },
              // Split at the source: the company keeps its price, the platform the commission.
              ...(connected
                ? { marketplace_fee: centsToDecimal(order.sellerCents + order.platformCents) }
                : {}),
            },
            `order-${order.id}`,
          );
          return { next: { kind: 'redirect', url: preference.init_point }, buyerEmailSent: false };
        } catch (error) {
          context.log.warn({ err: error, orderId: order.id }, 'MercadoPago preference failed');
          throw new AppError('PREFERENCE_FAILED', PAY_MESSAGES.preferenceFailed, 502);
        }
      },

      async refund({ order, paymentId }) {
        try {
          const made = await client.refundPayment(paymentId, `refund-${order.id}`);
          return { refundId: String(made.id) };
        } catch (error) {
          context.log.warn(
            { err: error, orderId: order.id, paymentId },
            'MercadoPago refund failed',
          );
          throw REFUND_FAILED('MercadoPago');
        }
      },

      async readPayment(paymentId) {
        let payment;
        try {
          payment = await client.getPayment(paymentId);
        } catch (error) {
          if (error instanceof MercadoPagoError && error.status === 404) {
            context.log.warn({ paymentId }, 'MercadoPago does not know this payment');
            return null;
          }
          // Unreachable or failing (a network error, a 5xx): a 502, so the webhook comes again.
          context.log.warn({ err: error, paymentId }, 'MercadoPago could not be asked');
          throw PROVIDER_UNREACHABLE('MercadoPago');
        }
        return {
          paymentId: String(payment.id),
          eventKey: `${payment.id}:${payment.status}`,
          eventType: `payment.${payment.status}`,
          verdict: verdictOf(payment.status),
          amountCents: decimalToCents(payment.transaction_amount),
          currency: payment.currency_id,
          applicationFeeCents: applicationFeeCents(payment),
          order: payment.external_reference ? { reference: payment.external_reference } : null,
        };
      },
    };
  },

  notConnected: () => new AppError('PREFERENCE_FAILED', PAY_MESSAGES.preferenceFailed, 409),

  returnedPaymentId: (_order, { paymentId }) =>
    paymentId && /^\d{1,30}$/.test(paymentId) ? paymentId : undefined,

  /**
   * POST /api/webhooks/mercadopago/:companyId. When the company set a webhook
   * secret the `x-signature` must match (400 otherwise, nothing written).
   */
  async webhook(context, companyId, request) {
    const body = notificationBody(request.rawBody);
    const query = request.query;
    // A value of another type than MercadoPago sends (an object, a list) is read as none.
    const rawType = body.type ?? query.type ?? query.topic;
    const type = typeof rawType === 'string' ? rawType : '';
    const data: { id?: unknown } =
      typeof body.data === 'object' && body.data !== null ? body.data : {};
    const rawId = query['data.id'] ?? data.id ?? query.id;
    const dataId =
      typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId))
        ? String(rawId)
        : undefined;

    const method = await methodWithSecrets(context.db, context.secretBox, companyId, 'mercadopago');
    // A connected account's notifications come signed with the platform application's secret.
    const secret =
      method?.connection === 'oauth'
        ? (context.pay.mercadopagoApp?.webhookSecret ?? method.secrets.webhookSecret)
        : method?.secrets.webhookSecret;
    if (secret) {
      const header = request.headers['x-signature'];
      const requestId = request.headers['x-request-id'];
      const check = verifyMercadoPagoSignature(
        secret,
        typeof header === 'string' ? header : undefined,
        {
          dataId: typeof query['data.id'] === 'string' ? query['data.id'] : dataId,
          requestId: typeof requestId === 'string' ? requestId : undefined,
        },
        { toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS },
      );
      if (check === 'expired') throw EXPIRED_SIGNATURE();
      if (check !== 'valid') throw INVALID_SIGNATURE();
    }
    if (!method) {
      context.log.warn({ companyId }, 'MercadoPago webhook for a company without MercadoPago');
      return { result: 'unknown_company' };
    }
    if (type !== 'payment' || !dataId || !/^[\w-]{1,64}$/.test(dataId)) {
      return { result: 'ignored' };
    }
    const reading = await mercadoPagoProvider.connect(context, method)?.readPayment?.(dataId);
    return reading ? { reading } : { result: 'unknown_order' };
  },
};
