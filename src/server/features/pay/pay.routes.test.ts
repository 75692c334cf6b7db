import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { createUser } from '../../../../tests/factories/accounts';
import type { TestApp } from '../../../../tests/setup/test-app';
import { orderStatusHistory } from '../orders/orders.table';
import {
  BUYER,
  buy,
  companyCall,
  createPayWorld,
  MP_TOKEN,
  sellerTally,
  STRIPE_PUBLISHABLE_KEY,
  TRANSFER_CONFIG,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { payRoutesFixture } from '../../../../tests/factories/pay-routes-fixture';

describe('payment links /api/public/pay and the providers (against local fakes)', () => {
  let t: TestApp;
  let world: PayWorld;
  const { stockOf, orderRow, buyerOrder } = payRoutesFixture((made) => ({ t, world } = made));

  describe('the pay page', () => {
    it('shows the product at the buyer price, the company, who recommends it and the active methods', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${world.productId}?ref=${world.ref}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        product: {
          id: world.productId,
          title: 'Yerba orgánica 1 kg',
          description: 'Cosecha 2026, estacionada 12 meses.',
          image_urls: [],
          buyer_price_cents: 1_100_000,
          stock: 20,
          max_quantity: 10,
        },
        company: { name: 'Yerbatera Misionera SA', logo_url: null },
        seller: { name: 'Sergio Vendedor' },
        methods: [
          { provider: 'mercadopago' },
          { provider: 'stripe', publishable_key: STRIPE_PUBLISHABLE_KEY },
          { provider: 'transferencia' },
        ],
      });
      // No secret of any method reaches the buyer.
      expect(response.body).not.toContain(MP_TOKEN);
      expect(response.body).not.toContain('sk_test');
    });

    it('sells without a seller when the link has no ref or an unknown one', async () => {
      for (const query of ['', '?ref=desconocido', '?ref=%E2%9C%93', `?ref=${'x'.repeat(150)}`]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/public/pay/${world.productId}${query}`,
        });
        expect(response.statusCode, query).toBe(200);
        expect(response.json().seller).toBeNull();
      }
    });

    it("answers 404 'Producto no encontrado o no disponible.' for a missing, inactive or sold-out product", async () => {
      const other = await createPayWorld(t, { stock: 0 });
      const inactive = await createPayWorld(t);
      await companyCall(t, inactive.company, 'PATCH', `/products/${inactive.productId}`, {
        is_active: false,
      });
      for (const id of [
        '7d9e3c1a-0000-4000-8000-000000000000',
        other.productId,
        inactive.productId,
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/public/pay/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(PAY_MESSAGES.productNotFound);
      }
      const malformed = await t.app.inject({ method: 'GET', url: '/api/public/pay/no-es-un-id' });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('bank transfer', () => {
    it('creates a pending_transfer order with the stored split, and the buyer sees the bank details', async () => {
      const before = await stockOf();
      const response = await buy(t, world.productId, {
        provider: 'transferencia',
        ref: world.ref,
        quantity: 2,
      });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer).toMatchObject({ status: 'pending_transfer', next: { kind: 'transfer' } });
      expect(answer.next.url).toBe(
        `${t.config.appUrl}/transfer/${answer.order_id}?token=${encodeURIComponent(answer.token)}`,
      );
      expect(await stockOf()).toBe(before - 2);

      const order = await orderRow(answer.order_id);
      expect(order).toMatchObject({
        sellerId: world.seller.id,
        quantity: 2,
        totalCents: 2_200_000,
        companyCents: 2_000_000,
        sellerCents: 150_000,
        platformCents: 50_000,
        status: 'pending_transfer',
        buyerEmail: BUYER.email,
      });
      expect(order.buyerTokenHash).not.toContain(answer.token);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id));
      expect(history).toMatchObject([{ status: 'pending_transfer', changedBy: 'system' }]);

      const view = await buyerOrder(answer.order_id, `token=${answer.token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({
        status: 'pending_transfer',
        total_cents: 2_200_000,
        company: { name: 'Yerbatera Misionera SA' },
        transfer: { ...TRANSFER_CONFIG, reference: order.externalReference },
      });
      expect(order.externalReference).toMatch(/^VM-[0-9A-Z]{10}$/);
    });

    it("answers 'Pedido no encontrado.' for a wrong token, and never shows another buyer's order", async () => {
      const response = await buy(t, world.productId, { provider: 'transferencia' });
      const { order_id: id } = response.json();
      for (const query of ['token=otro', 'token=', '']) {
        const view = await buyerOrder(id, query);
        expect(view.statusCode, query).toBeGreaterThanOrEqual(400);
        expect(view.statusCode).toBeLessThan(500);
      }
      const wrong = await buyerOrder(id, 'token=otro');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.message).toBe(PAY_MESSAGES.orderNotFound);
    });

    it('the company confirms the transfer once: the order is approved and the seller earns points and a sale', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
      const { order_id: id } = response.json();

      const other = await createUser(t.app, { role: 'company' });
      const foreign = await companyCall(t, other, 'POST', `/orders/${id}/confirm-transfer`);
      expect(foreign.statusCode).toBe(404);

      const confirmed = await companyCall(
        t,
        world.company,
        'POST',
        `/orders/${id}/confirm-transfer`,
      );
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        id,
        status: 'approved',
        seller_name: 'Sergio Vendedor',
        company_name: 'Yerbatera Misionera SA',
        points_awarded: 10, // 10 + floor($750 / $1.000)
      });
      const again = await companyCall(t, world.company, 'POST', `/orders/${id}/confirm-transfer`);
      expect(again.statusCode).toBe(409);
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: seller.points + 10,
        sales: seller.sales + 1,
      });
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, id));
      expect(history.map((row) => [row.status, row.changedBy])).toEqual([
        ['pending_transfer', 'system'],
        ['approved', world.company.id],
      ]);
    });

    it('lists the company orders with filters, and exports them as CSV', async () => {
      const list = await companyCall(t, world.company, 'GET', '/orders?status=approved');
      expect(list.statusCode).toBe(200);
      expect(list.json().items.length).toBeGreaterThan(0);
      for (const order of list.json().items) {
        expect(order.status).toBe('approved');
        expect(order.total_cents).toBe(
          order.company_cents + order.seller_cents + order.platform_cents,
        );
      }
      const csv = await companyCall(t, world.company, 'GET', '/orders/export.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Referencia');
      expect(csv.body).toContain('Yerba orgánica 1 kg');
      const other = await createUser(t.app, { role: 'company' });
      const empty = await companyCall(t, other, 'GET', '/orders');
      expect(empty.json()).toMatchObject({ items: [], total: 0 });
      const bad = await companyCall(t, world.company, 'GET', '/orders?from=ayer');
      expect(bad.statusCode).toBe(400);
    });
  });
});
