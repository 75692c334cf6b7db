import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  multipart,
  MULTIPART_TYPE,
  uploadProductImages,
} from '../../../../tests/factories/image-upload';
import { IMAGE_MESSAGES, imageDecodes } from '../../lib/images';

/** A flat two-colour PNG: a few KB on the wire, `width × height` pixels once decoded. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 20 } } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();

describe('image uploads cannot starve the server', () => {
  let t: TestApp;
  let huge: Buffer;

  beforeAll(async () => {
    [t, huge] = await Promise.all([
      createTestApp({ IMAGE_UPLOAD_RATE_LIMIT: '3' }),
      flatPng(7000, 7000),
    ]);
  });
  afterAll(() => t.close());

  async function companyWithProduct(name: string): Promise<{ user: CreatedUser; id: string }> {
    const user = await createUser(t.app, { role: 'company', company: name });
    const headers = { origin: t.config.appUrl, cookie: user.cookie };
    await t.app.inject({
      method: 'PATCH',
      url: '/api/company/settings',
      headers,
      payload: { provider_collector_id: '123456789' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/company/products',
      headers,
      payload: {
        title: 'Mate de calabaza',
        description: 'Curado.',
        price_cents: 1_500_000,
        stock: 10,
        category: 'Hogar',
        is_active: true,
        commission_bps: 1000,
      },
    });
    expect(created.statusCode).toBe(201);
    return { user, id: created.json().id as string };
  }

  const upload = (
    user: CreatedUser,
    id: string,
    files: { name: string; data: Buffer; field?: string }[],
  ) => uploadProductImages(t, user, id, files);

  it('refuses 7000 × 7000 PNGs of a few KB from their header: none is ever decoded', async () => {
    expect(huge.length).toBeLessThan(64 * 1024);
    const { user, id } = await companyWithProduct('Mates del Litoral SA');
    const ten = Array.from({ length: 10 }, (_, index) => ({
      name: `foto-${index + 1}.png`,
      data: huge,
    }));
    const decodesBefore = imageDecodes.started;

    // Three such requests at once, and the health check beside them.
    const [responses, health] = await Promise.all([
      Promise.all([upload(user, id, ten), upload(user, id, ten), upload(user, id, ten)]),
      t.app.inject('/api/health'),
    ]);
    expect(health.statusCode).toBe(200);
    for (const response of responses) {
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(
        PRODUCT_MESSAGES.imageUploadFailed('foto-1.png', IMAGE_MESSAGES.tooManyPixels(7000, 7000)),
      );
    }
    expect(IMAGE_MESSAGES.tooManyPixels(7000, 7000)).toBe(
      'La imagen es demasiado grande: 7.000 × 7.000 píxeles. El máximo es de 40 megapíxeles (por ejemplo, 7.200 × 5.400); redúcela e inténtalo de nuevo.',
    );
    expect(imageDecodes.started).toBe(decodesBefore);
  });

  it('a batch with one oversized photo decodes none of the others', async () => {
    const { user, id } = await companyWithProduct('Cerámica Andina SRL');
    const decodesBefore = imageDecodes.started;
    const response = await upload(user, id, [
      { name: 'chica.png', data: await flatPng(800, 600) },
      { name: 'enorme.png', data: huge },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toContain('enorme.png');
    expect(imageDecodes.started).toBe(decodesBefore);
  });

  it('the logo too: a huge PNG or an SVG drawn huge is refused before it is drawn', async () => {
    const user = await createUser(t.app, { role: 'company', company: 'Logos Grandes SA' });
    const decodesBefore = imageDecodes.started;
    // 2000 × 2000 points drawn at 300 dpi: 8333 × 8333 pixels.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><rect width="2000" height="2000" fill="#0369a1"/></svg>',
    );
    for (const [name, data] of [
      ['logo.png', huge],
      ['logo.svg', svg],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/company/settings/logo',
        headers: {
          origin: t.config.appUrl,
          cookie: user.cookie,
          'content-type': MULTIPART_TYPE,
        },
        payload: multipart([{ name, data }]),
      });
      expect(response.statusCode, name).toBe(413);
      expect(response.json().error.message, name).toMatch(/^La imagen es demasiado grande: /);
    }
    expect(imageDecodes.started).toBe(decodesBefore);
  });

  it('limits uploads per account, not per address', async () => {
    const small = await flatPng(600, 400);
    const first = await companyWithProduct('Primera SA');
    const second = await companyWithProduct('Segunda SA');
    // IMAGE_UPLOAD_RATE_LIMIT=3 per minute: the fourth upload of one account waits.
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await upload(first.user, first.id, [{ name: 'a.png', data: small }])).statusCode,
      ).toBe(201);
    }
    const limited = await upload(first.user, first.id, [{ name: 'a.png', data: small }]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: IMAGE_MESSAGES.tooManyUploads,
    });
    // Another company from the same address still uploads.
    expect(
      (await upload(second.user, second.id, [{ name: 'b.png', data: small }])).statusCode,
    ).toBe(201);
  });
});
