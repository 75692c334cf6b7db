import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { PayLimits } from '../../config/env';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lockClient } from '../../lib/client-key';
import { unpaidUnitsOf } from '../orders/orders.service';
import { spendChallenge, type SolvedChallenge } from './pay-challenge';

/** What a client sent with its order, for the caps: who it is and its proof of work, if any. */
export interface OrderClient {
  key: string;
  /** The widget's payload was sent: verified (`SolvedChallenge`) or not (`null`). */
  challenge: SolvedChallenge | null | undefined;
}

/**
 * Nobody can hold a product's stock through payment links. In the order's
 * transaction, before it writes anything: the client's orders queue on a lock
 * of their own (two at once cannot both slip under a cap), the units it holds
 * unpaid are counted, and the order is refused past a cap (429) or, past the
 * lower challenge threshold, without a proof of work used here for the first
 * time (428). Two statements for most orders, a third with a challenge.
 */
export async function checkHeldUnits(
  tx: Transaction,
  request: {
    client: OrderClient;
    productId: string;
    quantity: number;
    limits: PayLimits;
    now: Date;
  },
): Promise<void> {
  const { client, limits, quantity } = request;
  await lockClient(tx, client.key);
  const held = await unpaidUnitsOf(tx, client.key, request.productId, request.now);
  if (held.product + quantity > limits.heldUnitsPerProduct) {
    throw new AppError(
      'RESERVATION_LIMIT',
      PAY_MESSAGES.heldLimitProduct(held.product, limits.heldUnitsPerProduct),
      429,
    );
  }
  if (held.all + quantity > limits.heldUnitsPerAddress) {
    throw new AppError(
      'RESERVATION_LIMIT',
      PAY_MESSAGES.heldLimitAddress(held.all, limits.heldUnitsPerAddress),
      429,
    );
  }
  if (held.all + quantity <= limits.challengeAfterUnits) return;
  if (client.challenge === undefined) {
    throw new AppError('CHALLENGE_REQUIRED', PAY_MESSAGES.challengeRequired, 428);
  }
  if (client.challenge === null || !(await spendChallenge(tx, client.challenge))) {
    throw new AppError('CHALLENGE_INVALID', PAY_MESSAGES.challengeInvalid, 428);
  }
}
