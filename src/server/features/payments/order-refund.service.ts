import { countsAsSale } from '@shared/order-status';
import { AppError } from '../../lib/app-error';
import type { PlatformScope } from '../../lib/scope';
import { changeOrderStatusAudited } from '../orders/order-actions.service';
import type { TransitionResult } from '../orders/order-workflow';
import { findScopedOrder } from '../orders/orders-query.service';
import type { OrderRow } from '../orders/orders.service';
import { connectCompany, type ConfirmationDeps } from './payment-confirmation.service';
import type { ProviderConnection } from './providers';
import { platformStripeAccount, stripeConnection } from './providers/stripe';
import type { StripeKeys } from './stripe-client';

const GATEWAY_NAMES = { stripe: 'Stripe', mercadopago: 'MercadoPago' } as const;

/** The gateway that took the payment cannot be asked to give it back from here. */
export const REFUND_UNAVAILABLE = (gateway: string) =>
  new AppError(
    'REFUND_UNAVAILABLE',
    `Este pago no se puede reintegrar desde VendeMás: la cuenta de ${gateway} que lo cobró ya no está conectada. ` +
      `Reintégralo desde ${gateway}; el pedido pasará a Reintegrado cuando ${gateway} nos avise.`,
    409,
  );

export interface RefundDeps extends ConfirmationDeps {
  /** The platform's Stripe account, which takes the storefront's card payments (absent: none). */
  storeStripe?: StripeKeys | undefined;
}

/** An order whose money a gateway holds: paid (approved or delivered) through MercadoPago or Stripe. */
function gatewayPaid(
  order: OrderRow,
): order is OrderRow & { provider: keyof typeof GATEWAY_NAMES } {
  return (
    countsAsSale(order.status) && (order.provider === 'stripe' || order.provider === 'mercadopago')
  );
}

/** The account that took an order's payment: the company's for a payment link, the platform's for the storefront. */
async function gatewayOf(
  deps: RefundDeps,
  order: OrderRow & { provider: keyof typeof GATEWAY_NAMES },
): Promise<ProviderConnection | null> {
  if (order.channel === 'link') {
    return order.companyId ? connectCompany(deps, order.provider, order.companyId) : null;
  }
  if (order.provider !== 'stripe' || !deps.storeStripe) return null;
  return stripeConnection(deps, platformStripeAccount(deps.storeStripe));
}

/**
 * The admin marks an order Reintegrado. An order paid through a gateway is
 * first refunded there, in full and once (the gateway's idempotency key is
 * the order's): if the gateway does not refund, nothing changes here (502
 * REFUND_FAILED), and if the account that took the payment cannot be asked,
 * 409 REFUND_UNAVAILABLE. Then the status changes as any other change does,
 * in one transaction on the locked row (stock back, points, ledger
 * reversal, audit entry); a second refund of the same order finds it
 * refunded and changes nothing. The gateway's own refund notification,
 * when it comes, finds the order refunded too.
 */
export async function refundOrder(
  deps: RefundDeps,
  everyOrder: PlatformScope,
  orderId: string,
  actor: { id: string; name: string },
): Promise<TransitionResult> {
  const order = await findScopedOrder(deps.db, everyOrder, orderId);
  if (!order) return { kind: 'not_found' };
  if (gatewayPaid(order)) {
    const gateway = await gatewayOf(deps, order);
    if (!gateway?.refund || !order.providerPaymentId) {
      throw REFUND_UNAVAILABLE(GATEWAY_NAMES[order.provider]);
    }
    await gateway.refund({ order, paymentId: order.providerPaymentId });
  }
  return changeOrderStatusAudited(
    deps.db,
    deps.orderWorkflow,
    { orderId, scope: everyOrder, to: 'refunded' },
    { ...actor, action: 'order.status' },
  );
}
