import { describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { TestApp } from '../../../../tests/setup/test-app';
import { expireDueOrders } from '../orders/order-workflow';
import {
  BUYER,
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { payRoutesFixture } from '../../../../tests/factories/pay-routes-fixture';

describe('payment links /api/public/pay and the providers (against local fakes)', () => {
  let t: TestApp;
  let world: PayWorld;
  const { stockOf, orderRow } = payRoutesFixture((made) => ({ t, world } = made));

  describe('what a buyer cannot do', () => {
    it('refuses a method the company has not activated, and says when it has none', async () => {
      const bare = await createPayWorld(t);
      const list = await companyCall(t, bare.company, 'GET', '/payment-methods');
      for (const method of list.json().items) {
        if (method.provider !== 'transferencia') {
          await companyCall(t, bare.company, 'PATCH', `/payment-methods/${method.id}`, {
            is_active: false,
          });
        }
      }
      const stripeOff = await buy(t, bare.productId, { provider: 'stripe' });
      expect(stripeOff.statusCode).toBe(409);
      for (const method of list.json().items) {
        await companyCall(t, bare.company, 'DELETE', `/payment-methods/${method.id}`);
      }
      const none = await buy(t, bare.productId, { provider: 'transferencia' });
      expect(none.statusCode).toBe(409);
      expect(none.json().error.message).toBe(PAY_MESSAGES.noMethods);
      expect(await stockOf(bare.productId)).toBe(20);
    });

    it('validates the buyer and the quantity with Spanish messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { provider: 'transferencia', buyer: { name: 'B', email: 'b@example.com' } },
          PAY_MESSAGES.nameRequired,
        ],
        [
          { provider: 'transferencia', buyer: { ...BUYER, email: 'no-es-mail' } },
          PAY_MESSAGES.emailInvalid,
        ],
        [
          { provider: 'transferencia', buyer: { ...BUYER, phone: 'llamame' } },
          PAY_MESSAGES.phoneInvalid,
        ],
        [{ provider: 'transferencia', quantity: 0 }, PAY_MESSAGES.quantityInvalid(100)],
        [{ provider: 'transferencia', quantity: 101 }, PAY_MESSAGES.quantityInvalid(100)],
        // Past PAY_MAX_UNITS_PER_ORDER (10 by default), below the schema's ceiling.
        [{ provider: 'transferencia', quantity: 11 }, PAY_MESSAGES.quantityInvalid(10)],
        [{ provider: 'bitcoin' }, PAY_MESSAGES.methodUnavailable],
      ];
      for (const [body, message] of cases) {
        const response = await buy(t, world.productId, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(response.json().error)).toContain(message);
      }
    });

    it("an order for a total the buyer no longer sees answers 409 'El precio cambió; revisa el nuevo total', writing nothing", async () => {
      const repriced = await createPayWorld(t, { stock: 5 });
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${repriced.productId}`,
      });
      const shown = page.json().product.buyer_price_cents as number;
      await companyCall(t, repriced.company, 'PATCH', `/products/${repriced.productId}`, {
        commission_bps: 2000,
      });
      const stale = await buy(t, repriced.productId, {
        provider: 'transferencia',
        quantity: 2,
        expected_total_cents: shown * 2,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toEqual({
        code: 'PRICE_CHANGED',
        message: PAY_MESSAGES.priceChanged,
      });
      expect(await stockOf(repriced.productId)).toBe(5);
      // The page reads the product again and the buyer accepts the new total.
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${repriced.productId}`,
      });
      const now = fresh.json().product.buyer_price_cents as number;
      expect(now).toBe(1_200_000);
      const placed = await buy(t, repriced.productId, {
        provider: 'transferencia',
        quantity: 2,
        expected_total_cents: now * 2,
      });
      expect(placed.statusCode).toBe(201);
      expect((await orderRow(placed.json().order_id)).totalCents).toBe(now * 2);
    });

    it('cannot buy more than the stock, nor an inactive product', async () => {
      const small = await createPayWorld(t, { stock: 2 });
      const tooMany = await buy(t, small.productId, { provider: 'transferencia', quantity: 3 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toBe(PAY_MESSAGES.outOfStock);
      await companyCall(t, small.company, 'PATCH', `/products/${small.productId}`, {
        is_active: false,
      });
      const inactive = await buy(t, small.productId, { provider: 'transferencia' });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().error.message).toBe(PAY_MESSAGES.productUnavailable);
      expect(await stockOf(small.productId)).toBe(2);
    });

    it('an unpaid transfer expires after its 24 hours and gives its units back', async () => {
      const small = await createPayWorld(t, { stock: 3 });
      const response = await buy(t, small.productId, { provider: 'transferencia', quantity: 3 });
      expect(await stockOf(small.productId)).toBe(0);
      await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 23 * 3_600_000));
      expect((await orderRow(response.json().order_id)).status).toBe('pending_transfer');
      await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 25 * 3_600_000));
      expect((await orderRow(response.json().order_id)).status).toBe('expired');
      expect(await stockOf(small.productId)).toBe(3);
    });
  });
});
