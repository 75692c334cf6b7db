import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { AppError } from '../../lib/app-error';
import type { LinkPreview } from '../../lib/link-preview';
import { getPayPage, type PayDeps } from './pay.service';

const DESCRIPTION_LIMIT = 200;

/**
 * The preview of `/pay/:productId?ref=…`: the product's title and company, the
 * price to pay and who recommends it, and the product's first image. Link
 * previews are fetched by crawlers that run no JavaScript, so the server
 * writes them into the page. Undefined when the product cannot be sold (the
 * page then says why).
 */
export async function payLinkPreview(
  deps: PayDeps,
  productId: string,
  ref: string | null,
): Promise<LinkPreview | undefined> {
  let page;
  try {
    page = await getPayPage(deps, productId, ref ?? undefined);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  const { product, company, seller } = page;
  const absolute = (url: string) => new URL(url, `${deps.config.appUrl}/`).href;
  const lead = [
    formatArs(product.buyer_price_cents),
    seller ? PAY_MESSAGES.recommendedBy(seller.name) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const description = product.description
    ? `${lead}. ${product.description.replace(/\s+/g, ' ').trim()}`
    : lead;
  return {
    title: company.name ? `${product.title} | ${company.name}` : `${product.title} | ${BRAND.name}`,
    description:
      description.length > DESCRIPTION_LIMIT
        ? `${description.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…`
        : description,
    image: absolute(product.image_urls[0] ?? '/og-image.jpg'),
    url: absolute(
      `/pay/${encodeURIComponent(productId)}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`,
    ),
  };
}
