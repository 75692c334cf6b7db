import { describe, expect, it } from 'vitest';
import { openingImage, openingSlide, productGallery } from './product-gallery';

const image = (url: string, order: number) => ({ url, order, type: 'image' });
const variant = (image_url: string | null) => ({ image_url }) as never;

describe('product gallery', () => {
  it('orders the product images, then adds variant images it lacks', () => {
    const product = {
      media: [image('/b.webp', 2), image('/a.webp', 1)],
      images: [],
      thumbnail: null,
      variants: [variant('/c.webp'), variant('/a.webp')],
    };
    expect(productGallery(product)).toEqual(['/a.webp', '/b.webp', '/c.webp']);
  });

  it("opens on the first variant's image, else the first image, else nothing", () => {
    const withVariantImage = {
      media: [image('/a.webp', 1), image('/b.webp', 2)],
      images: [],
      thumbnail: null,
      variants: [variant('/b.webp')],
    };
    expect(openingSlide(withVariantImage)).toBe(1);
    expect(openingImage(withVariantImage)).toBe('/b.webp');
    expect(openingImage({ ...withVariantImage, variants: [variant(null)] })).toBe('/a.webp');
    expect(
      openingImage({ media: [], images: [], thumbnail: '/t.webp', variants: [variant(null)] }),
    ).toBe('/t.webp');
    expect(openingImage({ media: [], images: [], thumbnail: null, variants: [] })).toBeUndefined();
  });
});
