import type { FakeServer } from './fake-http';

/** Stripe's objects as the local fake keeps them, with the key and account that made each. */

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  secretKey: string;
  /** The connected account it was made on (the Stripe-Account header); null for the key's own. */
  stripeAccount: string | null;
  latest_charge: string | null;
  /** What the platform keeps of a connected account's payment. */
  application_fee_amount: number | null;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  /** The application fee taken from it (fee_…), for a connected account's payment. */
  application_fee: string | null;
  application_fee_amount: number | null;
  secretKey: string;
  stripeAccount: string | null;
}

/** A connected account the platform made (Connect): it takes payments once onboarded. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  charges_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  secretKey: string;
  stripeAccount: null;
}

/** The platform's share of a connected account's charge. */
export interface FakeApplicationFee {
  id: string;
  object: 'application_fee';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  account: string;
  charge: string;
  secretKey: string;
  stripeAccount: null;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: string;
  secretKey: string;
  stripeAccount: string | null;
}

export interface FakeStripe extends FakeServer {
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  disputes: Map<string, FakeDispute>;
  accounts: Map<string, FakeAccount>;
  applicationFees: Map<string, FakeApplicationFee>;
  /** The company finishes (or, with false, has not finished) onboarding: its account takes charges. */
  onboard(accountId: string, chargesEnabled?: boolean): void;
  /**
   * The card payment succeeds (what Stripe.js's confirmPayment would cause);
   * `received` makes Stripe record another amount or currency than the intent's.
   */
  succeed(
    intentId: string,
    received?: { amount?: number; currency?: string; fee?: number | null },
  ): FakePaymentIntent;
  /** Makes the next refund request fail with this status (500: Stripe's api_error). */
  failNextRefund(status: number): void;
  /** The payment is refunded in full (as from Stripe's dashboard); answers the charge id. */
  refund(intentId: string): string;
  /** The buyer's bank disputes the payment; answers the dispute id. */
  dispute(intentId: string): string;
}
