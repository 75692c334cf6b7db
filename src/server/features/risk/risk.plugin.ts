import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../../db/client';
import type { ProfileRow } from '../profiles/profiles.service';
import { payoutDetailsSignals } from './risk-signals';
import { sellersUnderReview } from './risk.service';

/** What other features ask of the risk center, handed to them through the app (no import cycle). */
export interface RiskCenter {
  /** Seller settings saved: payout details another seller uses flag both (in the save's transaction). */
  payoutDetailsSaved(
    tx: Transaction,
    saved: { before: ProfileRow; after: ProfileRow },
  ): Promise<void>;
  /** Which of these sellers have an open flag: payouts hold them 'En revisión'. */
  sellersUnderReview(db: Database | Transaction, sellerIds: string[]): Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    risk: RiskCenter;
  }
}

/** The risk center's entry points for the seller settings and the payouts (features/risk). */
export const riskPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('risk', {
    payoutDetailsSaved: (tx, saved) =>
      payoutDetailsSignals(tx, saved, {
        now: new Date(),
        onError: (error) => app.log.error({ err: error }, 'risk signals of seller settings failed'),
      }),
    sellersUnderReview,
  } satisfies RiskCenter);
});
