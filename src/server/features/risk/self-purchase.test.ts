import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  BUYER,
  BUYER_AGENT,
  callAs,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { linkCodeFor } from '../orders/seller-links.service';
import { sameMailbox } from './risk-signals';

describe('self-purchase: the buyer’s e-mail is the seller’s mailbox', () => {
  it('drops a +tag for every provider', () => {
    expect(sameMailbox('ana.perez@empresa.com.ar', 'Ana.Perez+regalo@Empresa.com.ar')).toBe(true);
    expect(sameMailbox('carlos@outlook.com', ' carlos+vm@outlook.com ')).toBe(true);
    expect(sameMailbox('ana.perez@gmail.com', 'ana.perez+x@gmail.com')).toBe(true);
  });

  it('drops the dots of a Gmail name, gmail.com and googlemail.com being one mailbox', () => {
    expect(sameMailbox('ana.perez@gmail.com', 'anaperez@gmail.com')).toBe(true);
    expect(sameMailbox('ana.perez@gmail.com', 'anaperez+x@googlemail.com')).toBe(true);
    expect(sameMailbox('a.na.pe.rez@googlemail.com', 'ANAPEREZ@GMAIL.COM')).toBe(true);
  });

  it('keeps the dots outside Gmail, and tells other names and domains apart', () => {
    expect(sameMailbox('ana.perez@empresa.com.ar', 'anaperez@empresa.com.ar')).toBe(false);
    expect(sameMailbox('ana.perez@outlook.com', 'anaperez+x@outlook.com')).toBe(false);
    expect(sameMailbox('ana.perez@gmail.com', 'ana.perez@gmail.com.ar')).toBe(false);
    expect(sameMailbox('ana.perez@gmail.com', 'ana.perez2@gmail.com')).toBe(false);
    expect(sameMailbox('ana.perez@gmail.com', 'ana.perez@empresa.com.ar')).toBe(false);
  });
});

describe('self-purchase through a payment link, with Gmail’s dots', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, AUTH_RATE_LIMIT: '1000' });
    world = await createPayWorld(t, { stock: 50 });
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  /** A seller with this e-mail and a link to the world's product. */
  const sellerWith = async (email: string) => {
    const seller = await createUser(t.app, { role: 'seller', email, name: 'Ana Pérez' });
    return { seller, ref: await linkCodeFor(t.db, seller.id, world.productId) };
  };

  /** A buyer orders through the link with this e-mail, from another browser; the order's id. */
  const orderAs = async (ref: string, email: string) => {
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${world.productId}`,
      headers: { origin: t.config.appUrl, 'user-agent': BUYER_AGENT },
      payload: { provider: 'transferencia', ref, quantity: 1, buyer: { ...BUYER, email } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().order_id as string;
  };

  const flagsOf = async (sellerId: string) => {
    const list = await callAs(t, admin, 'GET', `/api/admin/risk?seller_id=${sellerId}`);
    expect(list.statusCode, list.body).toBe(200);
    return list.json().items as { kind: string; count: number; events: { order_id: string }[] }[];
  };

  it('flags a Gmail seller buying as the same name without dots, with a +tag, on googlemail.com', async () => {
    const { seller, ref } = await sellerWith('ana.perez@gmail.com');
    await orderAs(ref, 'ana.perez2@gmail.com');
    expect(await flagsOf(seller.id)).toEqual([]);

    const own = await orderAs(ref, 'anaperez+x@googlemail.com');
    const dotted = await orderAs(ref, 'A.NA.PEREZ@Gmail.com');
    const flags = await flagsOf(seller.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'self_purchase', count: 2 });
    expect(flags[0]!.events.map((event) => event.order_id).sort()).toEqual([own, dotted].sort());
  });

  it('does not flag a buyer whose name differs by a dot outside Gmail', async () => {
    const { seller, ref } = await sellerWith('ana.perez@empresa.com.ar');
    await orderAs(ref, 'anaperez@empresa.com.ar');
    await orderAs(ref, 'anaperez+x@empresa.com.ar');
    expect(await flagsOf(seller.id)).toEqual([]);

    // The same name with a +tag is the seller's own mailbox, whatever the provider.
    const own = await orderAs(ref, 'ana.perez+x@empresa.com.ar');
    expect(await flagsOf(seller.id)).toMatchObject([
      { kind: 'self_purchase', count: 1, events: [{ order_id: own }] },
    ]);
  });
});
