import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { scopedOrderDtosByIds } from './orders-by-id.service';
import { findScopedOrder, toOrderDtos } from './orders-query.service';

describe('orders by id for the public API', () => {
  let t: TestApp;
  let world: PayWorld;
  let other: PayWorld;
  beforeAll(async () => {
    t = await createTestApp(UNLIMITED_PAY_ENV);
    world = await createPayWorld(t);
    other = await createPayWorld(t);
  });
  afterAll(() => t.close());

  it('answers exactly what the panel answers for each order, in the order asked, and only the company’s', async () => {
    const withSeller = await placeTransferOrder(t, world);
    await moveOrder(t, withSeller, 'approved');
    const placed = await buy(t, world.productId, { provider: 'transferencia' });
    const withoutSeller = placed.json().order_id as string;
    const theirs = await placeTransferOrder(t, other);
    const scope = { kind: 'company', id: world.company.id } as const;

    const answered = await scopedOrderDtosByIds(t.db, scope, [withoutSeller, theirs, withSeller]);
    const expected = await toOrderDtos(t.db, t.app.storage, [
      (await findScopedOrder(t.db, scope, withoutSeller))!,
      (await findScopedOrder(t.db, scope, withSeller))!,
    ]);
    expect(answered).toEqual(expected);
    expect(answered.map((order) => [order.seller_name, order.status])).toEqual([
      [null, 'pending_transfer'],
      ['Sergio Vendedor', 'approved'],
    ]);
    expect(await scopedOrderDtosByIds(t.db, scope, [])).toEqual([]);
  });
});
