import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { pathSegment, payEntryPage } from '@shared/pay-entry';
import { AppError } from '../../lib/app-error';
import type { LinkPreview } from '../../lib/link-preview';
import { getPayPage, type PayDeps } from './pay.service';

const DESCRIPTION_LIMIT = 200;

/**
 * The preview of a payment link, `/pay/:productId?ref=…` (undefined for any
 * other address): the product's title and company, the
 * price to pay and who recommends it, and the product's first image. Link
 * previews are fetched by crawlers that run no JavaScript, so the server
 * writes them into the page. Undefined when the product cannot be sold (the
 * page then says why).
 */
export async function payLinkPreview(
  deps: PayDeps,
  pathname: string,
  search: string,
): Promise<LinkPreview | undefined> {
  if (payEntryPage(pathname, search) !== 'pay') return undefined;
  const productId = pathSegment(pathname);
  const ref = new URLSearchParams(search).get('ref');
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
    title: `${product.title} | ${company.name || BRAND.name}`,
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
