import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { PayLimits } from '../../config/pay-config';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { spendChallenge, type SolvedChallenge } from './pay-challenge';

/** What a client sent with its order, for the caps: who it is and its proof of work, if any. */
export interface OrderClient {
  key: string;
  /** The widget's payload was sent: verified (`SolvedChallenge`) or not (`null`). */
  challenge: SolvedChallenge | null | undefined;
}

/**
 * Nobody can hold a product's stock through payment links. The statement that
 * writes the order takes the client's lock (two of its orders at once queue, so
 * they cannot both slip under a cap), and one statement then reads what the
 * client holds unpaid, this order included (pay.service.ts). Past a cap the
 * order is refused (429) and its transaction undone; past the lower challenge
 * threshold it needs a proof of work used here for the first time (428), which
 * costs one more statement, only then.
 */
export async function checkHeldUnits(
  tx: Transaction,
  request: {
    client: OrderClient;
    /** Units the client holds unpaid of this product and of all, this order included. */
    held: { product: number; all: number };
    quantity: number;
    limits: PayLimits;
  },
): Promise<void> {
  const { client, limits, quantity, held } = request;
  if (held.product > limits.heldUnitsPerProduct) {
    throw new AppError(
      'RESERVATION_LIMIT',
      PAY_MESSAGES.heldLimitProduct(held.product - quantity, limits.heldUnitsPerProduct),
      429,
    );
  }
  if (held.all > limits.heldUnitsPerAddress) {
    throw new AppError(
      'RESERVATION_LIMIT',
      PAY_MESSAGES.heldLimitAddress(held.all - quantity, limits.heldUnitsPerAddress),
      429,
    );
  }
  if (held.all <= limits.challengeAfterUnits) return;
  if (client.challenge === undefined) {
    throw new AppError('CHALLENGE_REQUIRED', PAY_MESSAGES.challengeRequired, 428);
  }
  if (client.challenge === null || !(await spendChallenge(tx, client.challenge))) {
    throw new AppError('CHALLENGE_INVALID', PAY_MESSAGES.challengeInvalid, 428);
  }
}
