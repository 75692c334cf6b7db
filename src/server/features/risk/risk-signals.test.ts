import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedUser } from '../../../../tests/factories/accounts';
import { moveOrder, VALID_CBU, type PayWorld } from '../../../../tests/factories/pay-world';
import { createRiskCenter, riskCenterSteps } from '../../../../tests/factories/risk-center';
import type { TestApp } from '../../../../tests/setup/test-app';

/** A second CBU with valid check digits. */
const OTHER_CBU = '2850590940090418135201';
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('risk center: the signals and their negatives', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  const { as, newSeller, order, flagsOf } = riskCenterSteps(() => ({
    t,
    world,
    admin,
  }));

  beforeAll(async () => {
    ({ t, world, admin } = await createRiskCenter());
  });
  afterAll(() => t.close());

  it('self_purchase: the buyer wrote the seller’s own e-mail (any case, a +tag); another buyer is not flagged', async () => {
    const { seller, ref } = await newSeller('Carla Propia');
    await order(ref, { email: 'cliente.cualquiera@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);

    const [local, domain] = seller.email.split('@');
    const own = await order(ref, { email: `${local!.toUpperCase()}+regalo@${domain}` });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({
      kind: 'self_purchase',
      status: 'open',
      count: 1,
      seller: { id: seller.id, name: 'Carla Propia' },
      events: [{ order_id: own, order_reference: expect.stringMatching(/^VM-/) }],
    });
    // The evidence masks the buyer's address.
    expect(flag!.events[0]!.detail).toContain(`${local!.slice(0, 2)}***@${domain}`);
    expect(flag!.events[0]!.detail).not.toContain(local!);
  });

  it('self_purchase: the buyer used the browser and connection the seller’s panel was used from that day', async () => {
    const { seller, ref } = await newSeller('Diego Mismo');
    const panel = await t.app.inject({
      method: 'GET',
      url: '/api/seller/settings',
      remoteAddress: '10.20.30.40',
      headers: { cookie: seller.cookie, 'user-agent': PHONE_AGENT },
    });
    expect(panel.statusCode).toBe(200);
    await t.app.sellerSightings.settle();

    // Same address, another browser: someone else at the same place.
    await order(ref, { address: '10.20.30.40', email: 'vecino@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    // Same address and browser, under another name.
    const own = await order(ref, {
      address: '10.20.30.40',
      agent: PHONE_AGENT,
      email: 'otra.persona@example.com',
    });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'self_purchase', events: [{ order_id: own }] });
  });

  it('disposable_email: a buyer’s inbox on a disposable-domain list (mailchecker); a usual provider is not flagged', async () => {
    const { seller, ref } = await newSeller('Elena Descartable');
    await order(ref, { email: 'compradora@gmail.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    const disposable = await order(ref, { email: 'compradora@yopmail.com' });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'disposable_email', events: [{ order_id: disposable }] });
    expect(flag!.events[0]!.detail).toContain('co***@yopmail.com');
  });

  it('order_velocity: more orders than the threshold through one seller’s links from one address in an hour', async () => {
    const { seller, ref } = await newSeller('Fabián Ráfaga');
    await order(ref, { address: '10.9.9.1', email: 'uno@example.com' });
    await order(ref, { address: '10.9.9.1', email: 'dos@example.com' });
    // Others buying from elsewhere do not add up.
    await order(ref, { address: '10.9.9.2', email: 'tres@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    const third = await order(ref, { address: '10.9.9.1', email: 'cuatro@example.com' });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'order_velocity', count: 1, events: [{ order_id: third }] });
    expect(flag!.events[0]!.detail).toContain('3 pedidos en una hora');
  });

  it('refund_rate: a refund past the share of approved sales, once the seller has the minimum', async () => {
    const { seller, ref } = await newSeller('Gabriela Reembolsos');
    const sales: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const id = await order(ref, {
        email: `venta${index}@example.com`,
        address: `10.8.0.${index}`,
      });
      await moveOrder(t, id, 'approved');
      sales.push(id);
    }
    // 1 of 5 is 20 %: not above the threshold.
    await moveOrder(t, sales[0]!, 'refunded');
    expect(await flagsOf(seller.id)).toEqual([]);
    await moveOrder(t, sales[1]!, 'refunded');
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'refund_rate', events: [{ order_id: sales[1] }] });
    expect(flag!.events[0]!.detail).toBe(
      '2 de 5 ventas aprobadas fueron reembolsadas (40 %; el máximo es 20 %).',
    );
  });

  it('duplicate_payout_details: a CBU another seller uses flags both; different details and unchanged ones do not', async () => {
    const first = await newSeller('Héctor Primero');
    const second = await newSeller('Inés Segunda');
    const third = await newSeller('Juan Tercero');
    const save = (user: CreatedUser, body: object) =>
      as(user, 'PATCH', '/api/seller/settings', body);
    expect(
      (await save(first.seller, { payment_method: 'bank', payment_details: { cbu: OTHER_CBU } }))
        .statusCode,
    ).toBe(200);
    await save(third.seller, { payment_method: 'bank', payment_details: { cbu: VALID_CBU } });
    expect(await flagsOf(first.seller.id)).toEqual([]);
    expect(await flagsOf(third.seller.id)).toEqual([]);

    // The same CBU, written with spaces.
    const spaced = `${OTHER_CBU.slice(0, 8)} ${OTHER_CBU.slice(8)}`;
    const saved = await save(second.seller, {
      payment_method: 'bank',
      payment_details: { cbu: spaced },
    });
    expect(saved.statusCode).toBe(200);
    const [mine] = await flagsOf(second.seller.id);
    const [theirs] = await flagsOf(first.seller.id);
    expect(mine).toMatchObject({ kind: 'duplicate_payout_details', count: 1 });
    expect(mine!.events[0]!.detail).toBe(
      `Guardó el CBU terminado en ${OTHER_CBU.slice(-4)}, que también usa Héctor Primero.`,
    );
    expect(theirs).toMatchObject({ kind: 'duplicate_payout_details', count: 1 });
    expect(theirs!.events[0]!.detail).toContain('Inés Segunda guardó el CBU');

    // Saving the province only does not raise it again.
    await save(second.seller, { province: 'Misiones' });
    expect((await flagsOf(second.seller.id))[0]!.count).toBe(1);
    expect(await flagsOf(third.seller.id)).toEqual([]);
  });

  it('sellers saving the same MercadoPago e-mail at once are all flagged (they take turns on the value)', async () => {
    const sellers = await Promise.all(
      ['Karina A', 'Lucas B', 'Mora C', 'Nahuel D'].map((name) => newSeller(name)),
    );
    const body = {
      payment_method: 'mercadopago',
      payment_details: { email: 'cobros.compartidos@example.com' },
    };
    const saved = await Promise.all(
      sellers.map(({ seller }) => as(seller, 'PATCH', '/api/seller/settings', body)),
    );
    expect(saved.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const { seller } of sellers) {
      expect((await flagsOf(seller.id)).map((flag) => flag.kind)).toEqual([
        'duplicate_payout_details',
      ]);
    }
  });
});
