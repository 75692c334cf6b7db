import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/fakes/s3-server';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** What every storage driver promises; run against local disk and a real S3-protocol server. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close());

    it('stores a file with its content type and gives it back byte for byte', async () => {
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      await storage.put('public', 'products/p1/a.png', data, 'image/png');
      const file = await storage.get('public', 'products/p1/a.png');
      expect(file).toMatchObject({ size: data.length, contentType: 'image/png' });
      expect(await read(file!.body)).toEqual(data);
    });

    it('keeps public and private apart and answers null for what does not exist', async () => {
      await storage.put(
        'private',
        'identity/u1/dni.pdf',
        Buffer.from('%PDF-1.4'),
        'application/pdf',
      );
      expect(await storage.get('public', 'identity/u1/dni.pdf')).toBeNull();
      expect(await storage.get('private', 'no/such/file.pdf')).toBeNull();
      const file = await storage.get('private', 'identity/u1/dni.pdf');
      file?.body.destroy();
      expect(file?.contentType).toBe('application/pdf');
    });

    it('overwrites and deletes', async () => {
      await storage.put('public', 'logos/u1/logo.svg', Buffer.from('<svg/>'), 'image/svg+xml');
      await storage.put('public', 'logos/u1/logo.svg', Buffer.from('<svg></svg>'), 'image/svg+xml');
      const file = await storage.get('public', 'logos/u1/logo.svg');
      expect((await read(file!.body)).toString()).toBe('<svg></svg>');
      await storage.delete('public', 'logos/u1/logo.svg');
      expect(await storage.get('public', 'logos/u1/logo.svg')).toBeNull();
      await storage.delete('public', 'logos/u1/logo.svg');
    });

    it('refuses keys that could leave its folder', async () => {
      await expect(
        storage.put('public', '../escape', Buffer.from('x'), 'text/plain'),
      ).rejects.toThrow();
      expect(() => storage.publicUrl('a/../../b')).toThrow();
    });
  });
}

storageContract('local disk', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vendemas-storage-'));
  return {
    storage: createLocalDiskStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

storageContract('S3', async () => {
  const s3 = await startLocalS3();
  return { storage: createS3Storage(s3.options), close: () => s3.close() };
});

describe('the app with S3_BUCKET set', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3('vendemas-app');
    t = await createTestApp({
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint ?? '',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('keeps files in the bucket and serves public ones at /files/', async () => {
    await t.app.storage.put(
      'public',
      'products/p1/photo.webp',
      Buffer.from('RIFF0000WEBP'),
      'image/webp',
    );
    expect(t.app.storage.publicUrl('products/p1/photo.webp')).toBe('/files/products/p1/photo.webp');
    const response = await t.app.inject('/files/products/p1/photo.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.body).toBe('RIFF0000WEBP');
    expect((await t.app.inject('/files/products/p1/missing.webp')).statusCode).toBe(404);

    const direct = createS3Storage({ ...s3.options, bucket: 'vendemas-app' });
    const stored = await direct.get('public', 'products/p1/photo.webp');
    stored?.body.destroy();
    expect(stored?.size).toBe(12);
  });

  it('links public files at S3_PUBLIC_URL when one is set, and lets pages load them', async () => {
    const { securityHeaders } = await import('../../plugins/security');
    const csp = securityHeaders({
      isProduction: true,
      imageOrigins: ['https://cdn.vendemas.com.ar'],
    })['content-security-policy'];
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.vendemas\.com\.ar/);
    const storage = createS3Storage({ ...s3.options, publicUrl: 'https://cdn.vendemas.com.ar/' });
    expect(storage.publicUrl('logos/u1/logo.png')).toBe(
      'https://cdn.vendemas.com.ar/public/logos/u1/logo.png',
    );
  });
});
