import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { PayLimits } from '../../config/pay-config';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ClientKeys } from '../../lib/client-key';
import { spendChallenge, type OTHER_CLIENT, type SolvedChallenge } from './pay-challenge';

/** What a client sent with its order, for the caps: who it is and its proof of work, if any. */
export interface OrderClient extends ClientKeys {
  /**
   * The widget's payload: not sent (`undefined`), no valid solution (`null`),
   * solved for another client (`OTHER_CLIENT`), or solved for this one.
   */
  challenge: SolvedChallenge | typeof OTHER_CLIENT | null | undefined;
}

/**
 * What the order's proof of work is worth: spent now (each solution places
 * one order), or why there is none. Asked for only past a cap; refused orders
 * roll the spending back with their transaction.
 */
export type Proof = 'proven' | 'missing' | 'invalid' | 'other-client';

/**
 * Spends the client's solution, if it sent one, in the order's transaction.
 * Two orders with the same solution at once queue on its nonce and the second
 * finds it used. A browser sends one only after a 428, so a solution is never
 * wasted on an order that needed none.
 */
export async function proofOf(tx: Transaction, client: OrderClient): Promise<Proof> {
  const { challenge } = client;
  if (challenge === undefined) return 'missing';
  if (challenge === null) return 'invalid';
  if (challenge === 'other-client') return 'other-client';
  return (await spendChallenge(tx, challenge)) ? 'proven' : 'invalid';
}

/** Past a cap, the order goes through only with its own, unused proof of work (428 otherwise). */
export function requireProof(proof: Proof): void {
  if (proof === 'proven') return;
  if (proof === 'missing') {
    throw new AppError('CHALLENGE_REQUIRED', PAY_MESSAGES.challengeRequired, 428);
  }
  if (proof === 'other-client') {
    throw new AppError('CHALLENGE_OTHER_CLIENT', PAY_MESSAGES.challengeOtherClient, 428);
  }
  throw new AppError('CHALLENGE_INVALID', PAY_MESSAGES.challengeInvalid, 428);
}

/**
 * Nobody can hold a product's stock through payment links. The statement that
 * writes the order takes the client's lock (two of its orders at once queue, so
 * they cannot both slip under a cap; an IPv6 client's lock is its /48's), and
 * one statement then reads what the client holds unpaid, this order included
 * (orders.service.ts `unpaidUnitsOf`). Past a cap the order is refused (429)
 * and its transaction undone; past the lower challenge threshold it needs a
 * proof of work (428). The product's own share (PAY_MAX_UNPAID_SHARE_BPS) is
 * checked later, by the statement that takes its units (place-order.ts).
 */
export function checkHeldUnits(request: {
  /** Units the client holds unpaid of this product and of all, this order included. */
  held: { product: number; all: number };
  quantity: number;
  limits: PayLimits;
  proof: Proof;
}): void {
  const { limits, quantity, held } = request;
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
  if (held.all > limits.challengeAfterUnits) requireProof(request.proof);
}
