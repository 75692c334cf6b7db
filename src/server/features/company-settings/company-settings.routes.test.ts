import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS_MESSAGES } from '@shared/company/company-settings.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  callAs,
  createPayWorld,
  moveOrder,
  placeTransferOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { linkCodeFor } from '../orders/seller-links.service';

const BOUNDARY = 'vendemaslogo';
const logoForm = (name: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/svg+xml\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><script>fetch("/api/me")</script><rect width="64" height="32" fill="#0369a1" onload="alert(1)"/></svg>',
);

describe('company settings /api/company/settings and /sellers', () => {
  let t: TestApp;
  let company: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    company = await createUser(t.app, {
      role: 'company',
      company: 'Yerbatera Misionera SA',
      shippingProvinces: ['Misiones', 'Córdoba'],
    });
    await createUser(t.app, { role: 'seller', province: 'Córdoba' });
    await createUser(t.app, { role: 'seller', province: 'Salta' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.appUrl, cookie: company.cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('reads and saves shipping provinces and the collector id, refusing unknown provinces', async () => {
    expect((await call('GET', '/api/company/settings')).json()).toEqual({
      company: 'Yerbatera Misionera SA',
      shipping_provinces: ['Misiones', 'Córdoba'],
      provider_collector_id: null,
      logo_url: null,
      legal_name: null,
      tax_id: null,
      tax_condition: null,
      collector_id_required: true,
      connected_collector_id: null,
    });
    const saved = await call('PATCH', '/api/company/settings', {
      shipping_provinces: ['Salta', 'Jujuy', 'Salta'],
      provider_collector_id: '987654321',
    });
    expect(saved.json()).toMatchObject({
      shipping_provinces: ['Salta', 'Jujuy'],
      provider_collector_id: '987654321',
    });
    const bad = await call('PATCH', '/api/company/settings', { shipping_provinces: ['Atlántida'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(COMPANY_SETTINGS_MESSAGES.provinceInvalid);
    const cleared = await call('PATCH', '/api/company/settings', { provider_collector_id: '' });
    expect(cleared.json().provider_collector_id).toBeNull();
  });

  it('counts every seller and those in its shipping provinces', async () => {
    expect((await call('GET', '/api/company/sellers')).json()).toEqual({
      count: 2,
      in_shipping_provinces: 1,
      with_sales: 0,
      items: [],
    });
  });

  it('lists the sellers who sold its products, with their sales counted and summed, and no one else’s', async () => {
    const world = await createPayWorld(t);
    const other = await createUser(t.app, { role: 'seller', name: 'Olga Otra', province: 'Salta' });
    const otherRef = await linkCodeFor(t.db, other.id, world.productId);
    const sell = async (ref: string, to: 'approved' | 'delivered' | 'refunded' | null) => {
      const orderId = await placeTransferOrder(t, { ...world, ref });
      if (to === 'refunded') await moveOrder(t, orderId, 'approved');
      if (to) await moveOrder(t, orderId, to);
    };
    await sell(world.ref, 'approved');
    await sell(world.ref, 'delivered');
    await sell(world.ref, null); // still awaiting its transfer: no sale
    await sell(otherRef, 'approved');
    await sell(otherRef, 'refunded'); // taken back: no sale

    const theirs = await callAs(t, world.company, 'GET', '/api/company/sellers');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({
      with_sales: 2,
      items: [
        {
          seller_id: world.seller.id,
          name: 'Sergio Vendedor',
          sales: 2,
          total_cents: 2 * 1_100_000,
          seller_cents: 2 * 75_000,
        },
        {
          seller_id: other.id,
          name: 'Olga Otra',
          province: 'Salta',
          sales: 1,
          total_cents: 1_100_000,
          seller_cents: 75_000,
        },
      ],
    });
    // Another company sees none of them.
    expect((await call('GET', '/api/company/sellers')).json()).toMatchObject({
      with_sales: 0,
      items: [],
    });
  });

  it('turns an SVG logo with a script into a PNG, served with nosniff and a sandbox', async () => {
    const response = await call('PUT', '/api/company/settings/logo', logoForm('logo.svg', SVG), {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(response.statusCode).toBe(200);
    const { logo_url: logoUrl } = response.json();
    expect(logoUrl).toMatch(/^\/files\/logos\/.+\.png$/);
    const visit = await t.app.inject(logoUrl);
    expect(visit.headers['content-type']).toBe('image/png');
    expect(visit.headers['x-content-type-options']).toBe('nosniff');
    expect(visit.headers['content-security-policy']).toContain('sandbox');
    expect(visit.rawPayload.toString('latin1')).not.toMatch(/script|onload/);
    expect((await sharp(visit.rawPayload).metadata()).format).toBe('png');
    expect((await call('GET', '/api/company/settings')).json().logo_url).toBe(logoUrl);
  });

  it('refuses a logo that is not PNG, JPG or SVG', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await call('PUT', '/api/company/settings/logo', logoForm('logo.gif', gif), {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(COMPANY_SETTINGS_MESSAGES.logoInvalid);
  });
});
