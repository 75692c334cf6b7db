import type { CheckoutSummary } from '@shared/store/checkout.schema';
import { webEnv } from '@web/config/env';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { cartStore } from '../cart/cart-store';
import {
  forgetPendingCheckout,
  listPendingCheckouts,
  startedInThisTab,
  type PendingCheckout,
} from '../cart/pending-checkout';

/** Our hosted checkout's API (this server), whatever store API the catalogue uses. */
const checkoutBase = (orderId: string) =>
  `/api/store/${encodeURIComponent(webEnv.storeId)}/checkout/${encodeURIComponent(orderId)}`;

/**
 * What became of one copied cart:
 * - restored: the order will not be bought (cancelled here, cancelled on the
 *   hosted page, expired or unknown), so its lines are back in the cart;
 * - dropped: the order was paid or waits for a bank transfer, so the copy is
 *   forgotten and the cart stays as it is;
 * - kept: nothing decided yet (the checkout is open in another tab, or the
 *   server could not be reached); the next visit asks again.
 */
export type ResumeOutcome = 'restored' | 'dropped' | 'kept';

/** Open orders hold stock; only the tab that went to the checkout cancels them. */
const OPEN = new Set(['reserved', 'pending_payment']);
/** Orders the buyer is paying for: never cancelled from the store, never restored. */
const BOUGHT = new Set(['paid', 'pending_transfer']);
/** Orders that hold nothing any more: the cart comes back without a call. */
const CLOSED = new Set(['cancelled', 'expired']);

async function resumeOne(entry: PendingCheckout): Promise<ResumeOutcome> {
  const base = checkoutBase(entry.orderId);
  let status: string;
  try {
    const summary = await apiRequest<CheckoutSummary>(
      `${base}?token=${encodeURIComponent(entry.token)}`,
    );
    status = summary.status;
  } catch (error) {
    // 404: the order is gone (or the link never matched one); nothing was bought.
    if (error instanceof ApiError && error.status === 404) status = 'cancelled';
    else return 'kept';
  }

  if (BOUGHT.has(status)) {
    forgetPendingCheckout(entry.orderId);
    return 'dropped';
  }
  if (OPEN.has(status)) {
    if (!startedInThisTab(entry.orderId)) return 'kept';
    try {
      // Releases the reservation at once instead of when it times out.
      await apiRequest(`${base}/cancel`, { method: 'POST', body: { token: entry.token } });
    } catch (error) {
      // 409: a payment or a transfer moved the order first; it is being bought.
      if (error instanceof ApiError && error.status === 409) {
        forgetPendingCheckout(entry.orderId);
        return 'dropped';
      }
      if (!(error instanceof ApiError && error.status === 404)) return 'kept';
    }
  } else if (!CLOSED.has(status)) {
    return 'kept';
  }

  cartStore.restore(entry.lines);
  forgetPendingCheckout(entry.orderId);
  return 'restored';
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Looks at every copied cart and gives back those whose checkout will not be
 * bought. Runs one after another (a page load and a back-forward restore may ask
 * together), so each run reads what the previous one left.
 */
export function resumePendingCheckouts(): Promise<ResumeOutcome[]> {
  const run = queue.then(async () => {
    const outcomes: ResumeOutcome[] = [];
    for (const entry of listPendingCheckouts()) outcomes.push(await resumeOne(entry));
    return outcomes;
  });
  queue = run.catch(() => undefined);
  return run;
}
