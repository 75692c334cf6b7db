import { z } from '../zod';

/** GET /api/admin/store/orders/transfers: storefront orders waiting for a bank transfer. */
export const StoreTransferList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      /** `expired`: the hold ran out, but a transfer that still arrives is money received. */
      status: z.enum(['pending_transfer', 'expired']),
      total_cents: z.number().int(),
      currency: z.string(),
      buyer_name: z.string().nullable(),
      buyer_email: z.string().nullable(),
      reference: z.string().nullable(),
      lines: z.number().int(),
      reserved_until: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type StoreTransferList = z.infer<typeof StoreTransferList>;
