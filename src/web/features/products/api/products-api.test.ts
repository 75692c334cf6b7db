import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { ApiError } from '@web/lib/api-client';
import { imageUploadFailure } from './products-api';

describe('imageUploadFailure', () => {
  it('names the file once when the server refused the image itself', () => {
    const refusal = PRODUCT_MESSAGES.imageUploadFailed(
      'foto.png',
      'La imagen es demasiado grande: 7.000 × 7.000 píxeles.',
    );
    expect(imageUploadFailure('foto.png', new ApiError(413, 'IMAGE_REJECTED', refusal))).toBe(
      'Error al subir la imagen foto.png: La imagen es demasiado grande: 7.000 × 7.000 píxeles.',
    );
  });

  it('puts any other failure in the spec’s sentence', () => {
    expect(
      imageUploadFailure(
        'foto.png',
        new ApiError(0, 'NETWORK_ERROR', 'No pudimos conectar con el servidor.'),
      ),
    ).toBe('Error al subir la imagen foto.png: No pudimos conectar con el servidor.');
  });
});
