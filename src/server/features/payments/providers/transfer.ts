import { NO_EMAIL_PARAM } from '@shared/pay-entry';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { AppError } from '../../../lib/app-error';
import type { PaymentProvider } from './provider';

/**
 * Bank transfer: no gateway to ask. The order waits for the company to see
 * the transfer; the buyer's page shows the company's bank details.
 */
export const transferProvider: PaymentProvider = {
  id: 'transferencia',
  waitingStatus: 'pending_transfer',
  holdMs: (pay) => pay.transferExpiryHours * 3_600_000,
  connect: () => ({
    async start(request) {
      if (request.channel !== 'link') throw new Error('the storefront takes transfers itself');
      const { transferUrl, mailed } = request;
      return {
        // The page then tells the buyer to keep its address: no e-mail brings it.
        next: {
          kind: 'transfer',
          url: mailed ? transferUrl : `${transferUrl}&${NO_EMAIL_PARAM}=1`,
        },
        buyerEmailSent: mailed,
      };
    },
  }),
  notConnected: () => new AppError('METHOD_UNAVAILABLE', PAY_MESSAGES.methodUnavailable, 409),
};
