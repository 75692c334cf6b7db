import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { WorkQueue, WorkQueueFullError } from './work-queue';

/**
 * Uploaded images: recognised by their content (never by name or header),
 * limited in size and in pixels, decoded and written again at display sizes.
 * Re-encoding also drops whatever else a file carried (metadata, scripts in an SVG).
 *
 * Decoding is the expensive part (a 49-megapixel PNG of 6 KB takes about 0.8 s
 * and 150 MB), so the pixels an image declares in its header are checked before
 * anything is decoded, and decoding goes through one queue for the whole
 * process: at most half the cores decode at once, one libvips thread each, and
 * the event loop keeps answering everything else.
 */

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * 40 megapixels: we show product photos at 1200 px at most, and 40 MP takes
 * every phone's usual photo (12 to 24 MP) and full-frame cameras up to 36 MP
 * (7360 × 4912). Beyond it a file costs seconds and hundreds of MB to decode
 * for no visible gain; it also stops "pixel bombs" (a tiny file declaring a
 * huge canvas) before they are opened.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Images decoded at once in this process (half the cores, at least one); up to 40 more wait. */
export const imageDecodes = new WorkQueue(Math.max(1, Math.floor(availableParallelism() / 2)), 40);
// One libvips thread per image: the queue, not libvips, decides how many cores images take.
sharp.concurrency(1);

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const RASTER: string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly reason: 'too_large' | 'too_many_pixels' | 'not_an_image' | 'unreadable' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

const count = new Intl.NumberFormat('es-AR');

export const IMAGE_MESSAGES = {
  tooLarge: 'La imagen supera los 10 MB.',
  tooManyPixels: (width: number, height: number) =>
    `La imagen es demasiado grande: ${count.format(width)} × ${count.format(height)} píxeles. El máximo es de ${IMAGE_MAX_PIXELS / 1_000_000} megapíxeles (por ejemplo, 7.200 × 5.400); redúcela e inténtalo de nuevo.`,
  notAnImage: (accepted: string) => `El archivo no es una imagen ${accepted}.`,
  unreadable: 'La imagen está dañada o no se puede leer.',
  busy: 'Estamos procesando muchas imágenes en este momento. Inténtalo de nuevo en un minuto.',
  tooManyUploads: 'Subiste muchas imágenes en poco tiempo. Espera un minuto e inténtalo de nuevo.',
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

/** What an upload is, read from its bytes and its header only: nothing is decoded yet. */
export interface CheckedImage {
  mime: ImageMime;
  width: number;
  height: number;
}

/** Vector logos are drawn at this density, so small viewBoxes stay sharp. */
const SVG_DENSITY = 300;

/**
 * Checks an upload's size, kind and pixels (from its header, which sharp
 * reads without decoding), so that nothing too large is ever decoded.
 */
export async function checkImage(
  data: Buffer,
  allowed: ImageMime[],
  label: string,
): Promise<CheckedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new ImageError('too_large', IMAGE_MESSAGES.tooLarge);
  const mime = await detectImageType(data);
  if (!mime || !allowed.includes(mime)) {
    throw new ImageError('not_an_image', IMAGE_MESSAGES.notAnImage(label));
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    const header = await sharp(data, {
      // The header of an SVG is read at the density it is drawn at: its size in pixels then.
      ...(mime === 'image/svg+xml' ? { density: SVG_DENSITY } : {}),
      limitInputPixels: false,
    }).metadata();
    width = header.width;
    // An animated GIF or WebP is decoded as its first frame only.
    height = header.pageHeight ?? header.height;
  } catch {
    throw new ImageError('unreadable', IMAGE_MESSAGES.unreadable);
  }
  if (!width || !height) throw new ImageError('unreadable', IMAGE_MESSAGES.unreadable);
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new ImageError('too_many_pixels', IMAGE_MESSAGES.tooManyPixels(width, height));
  }
  return { mime, width, height };
}

function decode(data: Buffer, density?: number) {
  return sharp(data, {
    // The header was checked; this also stops a file whose data disagrees with it.
    limitInputPixels: IMAGE_MAX_PIXELS,
    animated: false,
    failOn: 'error',
    ...(density ? { density } : {}),
  })
    .rotate()
    .toColourspace('srgb');
}

/** Runs `work` in the process's decoding queue; a broken file or a full queue becomes an ImageError. */
async function render<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await imageDecodes.run(work);
  } catch (error) {
    if (error instanceof WorkQueueFullError) throw new ImageError('busy', IMAGE_MESSAGES.busy);
    throw new ImageError('unreadable', IMAGE_MESSAGES.unreadable);
  }
}

export interface ProductImage {
  /** Up to 1200 px on its longest side, WebP: product pages. */
  display: Buffer;
  /** Up to 480 px, WebP: cards and lists on phones. */
  thumbnail: Buffer;
}

export const PRODUCT_IMAGE_TYPES: ImageMime[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];
export const PRODUCT_IMAGE_LABEL = 'PNG, JPG, GIF o WebP';

/**
 * A product photo (png, jpeg, gif or webp, ≤ 10 MB, ≤ 40 MP) at its two
 * display sizes. It is decoded once: the 1200 px picture is kept raw, and
 * both sizes are encoded from it.
 */
export async function prepareProductImage(data: Buffer): Promise<ProductImage> {
  await checkImage(data, PRODUCT_IMAGE_TYPES, PRODUCT_IMAGE_LABEL);
  return render(async () => {
    const { data: pixels, info } = await decode(data)
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromPixels = () =>
      sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
    // One after the other: a slot of the queue is one thread's work.
    const display = await fromPixels().webp({ quality: 80 }).toBuffer();
    const thumbnail = await fromPixels()
      .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { display, thumbnail };
  });
}

/**
 * A company logo (png, jpeg or svg, ≤ 40 MP as drawn) as a PNG of at most
 * 512 px. An SVG is rasterised, so no script or external reference in it ever
 * reaches a browser.
 */
export async function prepareLogo(data: Buffer): Promise<Buffer> {
  const { mime } = await checkImage(
    data,
    ['image/png', 'image/jpeg', 'image/svg+xml'],
    'PNG, JPG o SVG',
  );
  return render(() =>
    decode(data, mime === 'image/svg+xml' ? SVG_DENSITY : undefined)
      .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}
