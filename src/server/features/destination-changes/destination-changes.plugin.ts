import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db/client';
import { methodSnapshot, type MethodChangeHook } from '../payments/payment-method-changes';
import type { CollectorIdHook } from '../profiles/company-profile.service';
import type { ProfileRow } from '../profiles/profiles.service';
import { payoutDetailsDiffer } from '../profiles/seller-profile.service';
import {
  collectorIdLabel,
  methodDestination,
  PROVIDER_LABELS,
  sellerDestinationLabel,
} from './destination-labels';
import { recordDestinationChange, type DestinationChangeDeps } from './destination-changes.service';

/**
 * What the features that change where money goes call, in their own
 * transaction, once something changed (handed to them through the app, so
 * payments and profiles need not import this feature).
 */
export interface DestinationChanges {
  /** A seller saved their settings: a change of payout details is told and audited. */
  sellerDetailsSaved(
    tx: Transaction,
    saved: { before: ProfileRow; after: ProfileRow },
  ): Promise<void>;
  /** A company changed one of its payment methods (created, edited, removed, connected…). */
  companyMethodChanged: MethodChangeHook;
  /** A company changed its MercadoPago collector id. */
  collectorIdChanged: CollectorIdHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    destinationChanges: DestinationChanges;
  }
}

export function createDestinationChanges(
  deps: DestinationChangeDeps & { holdHours: number },
): DestinationChanges {
  return {
    async sellerDetailsSaved(tx, { before, after }) {
      if (!payoutDetailsDiffer(before, after)) return;
      // Replacing details the seller had stamps the change time the hold runs from.
      const stamped =
        after.payoutDetailsChangedAt &&
        after.payoutDetailsChangedAt.getTime() !== before.payoutDetailsChangedAt?.getTime()
          ? after.payoutDetailsChangedAt
          : null;
      const at = stamped ?? new Date();
      await recordDestinationChange(tx, deps, {
        userId: after.id,
        subject: 'seller_payout_details',
        what: 'Datos de cobro',
        before: sellerDestinationLabel(before.paymentMethod, before.paymentDetails),
        after: sellerDestinationLabel(after.paymentMethod, after.paymentDetails),
        at,
        heldUntil:
          stamped && deps.holdHours > 0
            ? new Date(stamped.getTime() + deps.holdHours * 3_600_000)
            : null,
      });
    },

    async companyMethodChanged(tx, { companyId, provider, before, after }) {
      const was = methodDestination(provider, before, deps.secretBox);
      const is = methodDestination(provider, after, deps.secretBox);
      if (was.key === is.key) return;
      await recordDestinationChange(tx, deps, {
        userId: companyId,
        subject: 'company_payment_method',
        provider,
        what: PROVIDER_LABELS[provider],
        before: was.label,
        after: is.label,
        at: new Date(),
        previous: {
          kind: 'payment_method',
          provider,
          method: before ? methodSnapshot(before) : null,
        },
      });
    },

    async collectorIdChanged(tx, { companyId, before, after }) {
      await recordDestinationChange(tx, deps, {
        userId: companyId,
        subject: 'company_collector_id',
        what: 'ID de Cobrador',
        before: collectorIdLabel(before),
        after: collectorIdLabel(after),
        at: new Date(),
        previous: { kind: 'collector_id', value: before },
      });
    },
  };
}

/** Decorates the app with the hooks (registered before the routes that use them). */
export const destinationChangesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'destinationChanges',
    createDestinationChanges({
      secretBox: app.secretBox,
      appUrl: app.config.appUrl,
      holdHours: app.config.pay.payoutDetailsHoldHours,
    }),
  );
});
