import { Package } from 'lucide-react';
import { useState } from 'react';
import { formatArs } from '@shared/money';
import { PAY_MESSAGES, type PayPage as PayPageData } from '@shared/orders/orders.schema';
import { cn } from '@web/lib/cn';

/** The product as the buyer sees it: its images, title, recommender, price and description. */
export function ProductDetails({ data }: { data: PayPageData }) {
  return (
    <section aria-labelledby="product-title">
      <Gallery urls={data.product.image_urls} title={data.product.title} />
      <h1
        id="product-title"
        className="mt-5 text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
      >
        {data.product.title}
      </h1>
      {data.seller ? (
        <p className="mt-2 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
          {PAY_MESSAGES.recommendedBy(data.seller.name)}
        </p>
      ) : null}
      <p className="mt-3 text-3xl font-extrabold text-brand-dark">
        {formatArs(data.product.buyer_price_cents)}
      </p>
      {data.product.description ? (
        <p className="mt-4 whitespace-pre-line text-base leading-relaxed text-muted-foreground">
          {data.product.description}
        </p>
      ) : null}
    </section>
  );
}

function Gallery({ urls, title }: { urls: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = urls[index];
  if (!current) {
    return (
      <div className="flex h-40 w-full items-center justify-center rounded-xl bg-slate-100 text-slate-400 sm:h-64">
        <Package className="size-12" aria-label="Producto sin imagen" />
      </div>
    );
  }
  return (
    <div>
      <img
        src={current}
        alt={title}
        width={600}
        height={600}
        fetchPriority="high"
        className="aspect-square w-full rounded-xl border border-border bg-white object-contain"
      />
      {urls.length > 1 ? (
        <div
          className="mt-3 flex gap-2 overflow-x-auto"
          role="list"
          aria-label="Imágenes del producto"
        >
          {urls.map((url, i) => (
            <button
              key={url}
              type="button"
              role="listitem"
              onClick={() => setIndex(i)}
              aria-label={`Ver imagen ${i + 1}`}
              aria-current={i === index}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-lg border-2 bg-white',
                i === index ? 'border-primary' : 'border-transparent',
              )}
            >
              <img src={url} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
