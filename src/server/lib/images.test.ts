import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkImage,
  detectImageType,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MESSAGES,
  ImageError,
  imageDecodes,
  prepareLogo,
  prepareProductImage,
} from './images';

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 2400, height = 1600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header declares `width × height` pixels (100 000² by default) around a few bytes of data. */
function pixelBomb(width = 100_000, height = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><script>alert(document.cookie)</script><rect width="40" height="20" fill="#0369a1" onload="alert(1)"/></svg>',
);

describe('images', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await picture('png');
  });

  it('recognises png, jpeg, gif, webp and svg by content, not by name', async () => {
    expect(await detectImageType(png)).toBe('image/png');
    expect(await detectImageType(await picture('jpeg', 10, 10))).toBe('image/jpeg');
    expect(await detectImageType(await picture('gif', 10, 10))).toBe('image/gif');
    expect(await detectImageType(await picture('webp', 10, 10))).toBe('image/webp');
    expect(await detectImageType(SVG_WITH_SCRIPT)).toBe('image/svg+xml');
    expect(await detectImageType(Buffer.from('%PDF-1.4 not an image'))).toBeNull();
    expect(await detectImageType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
  });

  it('writes a product photo at 1200 and 480 px as WebP', async () => {
    const { display, thumbnail } = await prepareProductImage(png);
    expect(await sharp(display).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 800,
    });
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 320,
    });
    const small = await prepareProductImage(await picture('jpeg', 300, 200));
    expect((await sharp(small.display).metadata()).width).toBe(300);
  });

  it('refuses what is too large, not an image, broken or a pixel bomb, with Spanish reasons', async () => {
    const cases: [Buffer, ImageError['reason']][] = [
      [Buffer.alloc(IMAGE_MAX_BYTES + 1), 'too_large'],
      [Buffer.from('hola, no soy una imagen'), 'not_an_image'],
      [SVG_WITH_SCRIPT, 'not_an_image'],
      [png.subarray(0, 200), 'unreadable'],
      [pixelBomb(), 'too_many_pixels'],
    ];
    for (const [data, reason] of cases) {
      const error = await prepareProductImage(data).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImageError);
      expect((error as ImageError).reason).toBe(reason);
      expect((error as ImageError).message).toMatch(/imagen/);
    }
  });

  it('refuses more than 40 megapixels from the header, before decoding', async () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    const before = imageDecodes.started;
    const over = await checkImage(pixelBomb(8000, 5001), ['image/png'], 'PNG').catch(
      (caught: unknown) => caught,
    );
    expect(over).toBeInstanceOf(ImageError);
    expect((over as ImageError).reason).toBe('too_many_pixels');
    expect((over as ImageError).message).toBe(IMAGE_MESSAGES.tooManyPixels(8000, 5001));
    // Exactly 40 MP passes the header check (this file's data is then found broken).
    expect(await checkImage(pixelBomb(8000, 5000), ['image/png'], 'PNG')).toEqual({
      mime: 'image/png',
      width: 8000,
      height: 5000,
    });
    const broken = await prepareProductImage(pixelBomb(8000, 5000)).catch((e: unknown) => e);
    expect((broken as ImageError).reason).toBe('unreadable');
    expect(imageDecodes.started).toBe(before + 1);
  });

  it('decodes a product photo once for both sizes', async () => {
    const before = imageDecodes.started;
    await prepareProductImage(await picture('webp', 1600, 900));
    expect(imageDecodes.started).toBe(before + 1);
  });

  it('turns an SVG logo into a PNG, so its script never reaches a browser', async () => {
    const logo = await prepareLogo(SVG_WITH_SCRIPT);
    expect(await detectImageType(logo)).toBe('image/png');
    expect(logo.toString('latin1')).not.toContain('script');
    const meta = await sharp(logo).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(160);
    expect(meta.width).toBeLessThanOrEqual(512);
    await expect(prepareLogo(await picture('gif', 10, 10))).rejects.toBeInstanceOf(ImageError);
  });
});
