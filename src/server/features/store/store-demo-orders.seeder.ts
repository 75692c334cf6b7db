import { eq } from 'drizzle-orm';
import type { Seeder } from '../../db/seed/seeder';
import { profileIdsWithRole } from '../profiles/profiles.service';
import { variantsWithProducts } from '../store-catalogue/store-catalogue.service';
import { countStoreOrders } from '../orders/store-channel.service';
import { createStoreCheckout } from './store-checkout.service';
import { moveStoreOrder } from './store-orders.service';
import { storeCheckouts } from './store.table';

const DAY = 86_400_000;
/** The demo catalogue's variants the demo carts hold. */
const DEMO_VARIANTS = ['notebook-a5', 'candle-220', 'mug-sage'];

/**
 * Storefront orders for the demo, so the admin's Pedidos shows both channels:
 * a cart paid by bank transfer and confirmed by the admin, and one its buyer
 * left. Placed through the storefront's own checkout and moved through the
 * order workflow, dated days ago so they sit among the demo's older orders.
 */
export const storeDemoOrdersSeeder: Seeder = {
  name: 'store-demo-orders',
  async run({ db, config, orderWorkflow, log }) {
    if (!config.store.bank || (await countStoreOrders(db)) > 0) return;
    // A store that holds another catalogue (imported with store:import) gets no demo carts.
    if ((await variantsWithProducts(db, DEMO_VARIANTS)).length < DEMO_VARIANTS.length) {
      log.info('storefront holds another catalogue: no demo storefront orders');
      return;
    }
    const [adminId] = await profileIdsWithRole(db, 'admin');
    const placed = async (daysAgo: number, items: { variant_id: string; quantity: number }[]) => {
      const at = new Date(Date.now() - daysAgo * DAY);
      const { orderId } = await createStoreCheckout(
        { db, config, gateway: undefined, workflow: orderWorkflow, log, now: () => at },
        {
          items,
          successUrl: `${config.appUrl}/store?pagado=1`,
          cancelUrl: `${config.appUrl}/store`,
        },
        { address: '192.0.2.10' },
      );
      return { orderId, at };
    };

    const paid = await placed(4, [
      { variant_id: 'notebook-a5', quantity: 2 },
      { variant_id: 'candle-220', quantity: 1 },
    ]);
    const later = (minutes: number) => new Date(paid.at.getTime() + minutes * 60_000);
    await moveStoreOrder(db, orderWorkflow, {
      orderId: paid.orderId,
      from: ['reserved'],
      to: 'pending_transfer',
      expiresAt: later(24 * 60),
      payment: {
        provider: 'transferencia',
        buyer: { name: 'Lucía Fernández', email: 'lucia.fernandez@example.com', phone: null },
      },
      at: later(6),
    });
    await db
      .update(storeCheckouts)
      .set({
        shippingAddress: {
          address: 'Av. Pellegrini 1450',
          city: 'Rosario',
          postalCode: '2000',
          province: 'Santa Fe',
        },
      })
      .where(eq(storeCheckouts.orderId, paid.orderId));
    await moveStoreOrder(db, orderWorkflow, {
      orderId: paid.orderId,
      from: ['pending_transfer'],
      to: 'approved',
      ...(adminId ? { changedBy: adminId } : {}),
      at: later(20 * 60),
    });

    const left = await placed(5, [{ variant_id: 'mug-sage', quantity: 1 }]);
    await moveStoreOrder(db, orderWorkflow, {
      orderId: left.orderId,
      from: ['reserved'],
      to: 'cancelled',
      at: new Date(left.at.getTime() + 3 * 60_000),
    });
    log.info('demo storefront orders created');
  },
};
