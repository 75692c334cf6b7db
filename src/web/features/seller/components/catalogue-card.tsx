import { ImageOff } from 'lucide-react';
import type { CatalogueItem } from '@shared/seller/seller.schema';
import { formatArs } from '@shared/money';
import { Card } from '@web/components/ui/card';
import { SELLER_TEXT } from '../seller-text';
import { ShareActions } from './share-actions';

/** One product of the catalogue: what the buyer pays, what the seller earns, and how to share it. */
export function CatalogueCard({ item }: { item: CatalogueItem }) {
  const { product, company } = item;
  const image = product.image_urls[0];
  return (
    <Card
      className="flex w-full min-w-0 flex-col overflow-hidden [contain-intrinsic-size:auto_520px] [content-visibility:auto]"
      data-testid="catalogue-card"
    >
      <div className="flex gap-3 p-3 sm:block sm:p-0">
        <div className="size-24 shrink-0 overflow-hidden rounded-lg bg-muted sm:aspect-[4/3] sm:size-auto sm:w-full sm:rounded-none">
          {image ? (
            <img
              src={image}
              alt={product.title}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-slate-400">
              <ImageOff className="size-8" aria-hidden />
              <span className="sr-only">Sin imagen</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 sm:px-4 sm:pt-4">
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            {company.logo_url ? (
              <img
                src={company.logo_url}
                alt=""
                loading="lazy"
                className="size-5 shrink-0 rounded-full border border-border object-cover"
              />
            ) : (
              <span
                aria-hidden
                className="flex size-5 shrink-0 items-center justify-center rounded-full bg-sky-100 text-[10px] font-bold text-primary"
              >
                {company.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="truncate" title={company.name}>
              {company.name}
            </span>
          </div>
          <h2 className="mt-1 line-clamp-2 font-semibold leading-snug" title={product.title}>
            {product.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {SELLER_TEXT.buyerPays}{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {formatArs(item.buyer_price_cents)}
            </span>
          </p>
        </div>
      </div>
      <div className="mt-auto space-y-3 px-3 pb-3 sm:px-4 sm:pt-3 sm:pb-4">
        <p
          className="flex flex-wrap items-baseline justify-between gap-x-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-emerald-200"
          data-testid="seller-earns"
        >
          <span className="text-lg font-extrabold whitespace-nowrap tabular-nums">
            {SELLER_TEXT.earn(item.seller_commission_cents)}
          </span>
          <span className="text-xs">{SELLER_TEXT.earnHint}</span>
        </p>
        <ShareActions
          product={{
            id: product.id,
            title: product.title,
            buyerPriceCents: item.buyer_price_cents,
            link: item.link,
          }}
        />
      </div>
    </Card>
  );
}
