import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * Uploaded images: recognised by their content (never by name or header),
 * limited in size, decoded and written again at display sizes. Re-encoding
 * also drops whatever else a file carried (metadata, scripts in an SVG).
 */

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoding a "pixel bomb" (a tiny file declaring a huge canvas) is refused up front. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const RASTER: string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly reason: 'too_large' | 'not_an_image' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

export const IMAGE_MESSAGES = {
  tooLarge: 'La imagen supera los 10 MB.',
  notAnImage: (accepted: string) => `El archivo no es una imagen ${accepted}.`,
  unreadable: 'La imagen está dañada o no se puede leer.',
} as const;

/** The image kind of `data` by its bytes; SVG (text) is recognised by its root element. */
export async function detectImageType(data: Buffer): Promise<ImageMime | null> {
  const detected = (await fileTypeFromBuffer(data))?.mime as string | undefined;
  if (detected && RASTER.includes(detected)) return detected as ImageMime;
  // file-type reads an SVG as XML (or as nothing): look for an <svg> root element.
  if (detected && detected !== 'application/xml') return null;
  const head = data
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)
    ? 'image/svg+xml'
    : null;
}

async function accept(data: Buffer, allowed: ImageMime[], label: string): Promise<ImageMime> {
  if (data.length > IMAGE_MAX_BYTES) throw new ImageError('too_large', IMAGE_MESSAGES.tooLarge);
  const mime = await detectImageType(data);
  if (!mime || !allowed.includes(mime)) {
    throw new ImageError('not_an_image', IMAGE_MESSAGES.notAnImage(label));
  }
  return mime;
}

function decode(data: Buffer, density?: number) {
  return sharp(data, {
    limitInputPixels: MAX_INPUT_PIXELS,
    animated: false,
    failOn: 'error',
    ...(density ? { density } : {}),
  })
    .rotate()
    .toColourspace('srgb');
}

async function render(work: Promise<Buffer>): Promise<Buffer> {
  try {
    return await work;
  } catch {
    throw new ImageError('unreadable', IMAGE_MESSAGES.unreadable);
  }
}

export interface ProductImage {
  /** Up to 1200 px on its longest side, WebP: product pages. */
  display: Buffer;
  /** Up to 480 px, WebP: cards and lists on phones. */
  thumbnail: Buffer;
}

/** A product photo (png, jpeg, gif or webp, ≤ 10 MB) at its two display sizes. */
export async function prepareProductImage(data: Buffer): Promise<ProductImage> {
  await accept(
    data,
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    'PNG, JPG, GIF o WebP',
  );
  const size = (pixels: number) =>
    render(
      decode(data)
        .resize({ width: pixels, height: pixels, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  const [display, thumbnail] = await Promise.all([size(1200), size(480)]);
  return { display, thumbnail };
}

/**
 * A company logo (png, jpeg or svg) as a PNG of at most 512 px. An SVG is
 * rasterised, so no script or external reference in it ever reaches a browser.
 */
export async function prepareLogo(data: Buffer): Promise<Buffer> {
  const mime = await accept(data, ['image/png', 'image/jpeg', 'image/svg+xml'], 'PNG, JPG o SVG');
  // Vector logos are drawn at a high density first, so small viewBoxes stay sharp.
  return render(
    decode(data, mime === 'image/svg+xml' ? 300 : undefined)
      .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}
