import { ERROR_CODES } from '@shared/errors';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { AppError } from '../../lib/app-error';
import { ImageError } from '../../lib/images';
import type { FormFile } from '../../lib/multipart-form';
import type { Storage } from '../../lib/storage';
import type { ProductImageKeys } from './products.table';

/** Removes both sizes of these images; a file already gone is no failure. */
export async function deleteImages(storage: Storage, images: ProductImageKeys[]): Promise<void> {
  await Promise.all(
    images
      .flatMap((image) => [image.display, image.thumbnail])
      .map((key) => storage.delete('public', key).catch(() => undefined)),
  );
}

const IMAGE_REJECTION_STATUS: Record<ImageError['reason'], number> = {
  too_large: 413,
  too_many_pixels: 413,
  not_an_image: 400,
  unreadable: 400,
  busy: 503,
};

/** Runs `work` on each file in turn; an ImageError names the file in Spanish. */
export async function eachFile<T>(
  files: FormFile[],
  work: (file: FormFile) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const file of files) {
    try {
      results.push(await work(file));
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      if (error.reason === 'busy') throw new AppError(ERROR_CODES.unavailable, error.message, 503);
      const message = PRODUCT_MESSAGES.imageUploadFailed(
        file.filename || 'sin nombre',
        error.message,
      );
      throw new AppError('IMAGE_REJECTED', message, IMAGE_REJECTION_STATUS[error.reason], {
        file: message,
      });
    }
  }
  return results;
}
