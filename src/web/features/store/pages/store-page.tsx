import { useDeferredValue } from 'react';
import { PageMeta } from '@web/components/page-meta';
import { Spinner } from '@web/components/ui/spinner';
import { useStoreProducts } from '../api/use-store-products';
import { ProductCard } from '../components/product-card';
import { ProductCardSkeleton } from '../components/product-card-skeleton';
import { STORE_TEXT } from '../store-messages';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4';
/** Two rows on the widest grid, four on a phone: more than a first screen holds. */
const SKELETON_CARDS = 8;

/** spec 01 §2 /store: the grid of product cards, with loading, error and empty states. */
export function StorePage() {
  const products = useStoreProducts();
  // The answer arrives as an urgent update; the grid is built from it as a
  // deferred render, in slices, so the main thread is never held for all the cards.
  const list = useDeferredValue(products.data);

  return (
    <>
      <PageMeta title={STORE_TEXT.storeTitle} description={STORE_TEXT.productsIntro} />
      <section className="border-b border-border bg-gradient-to-b from-sky-50 to-background">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-brand-dark sm:text-4xl">
            {STORE_TEXT.productsHeading}
          </h1>
          <p className="mt-2 max-w-xl text-muted-foreground">{STORE_TEXT.productsIntro}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {products.isError ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-6 text-center font-medium text-red-800"
          >
            {STORE_TEXT.productsErrorPrefix}
            {products.error.message || STORE_TEXT.productsErrorFallback}
          </p>
        ) : list === undefined ? (
          // The grid's own size, card by card, with the spinner over its first row.
          <div className="relative">
            <div className={GRID}>
              {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
            <div className="absolute inset-x-0 top-24 flex justify-center sm:top-32">
              <Spinner label={STORE_TEXT.loading} />
            </div>
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-card p-10 text-center text-muted-foreground">
            {STORE_TEXT.noProducts}
          </p>
        ) : (
          <div className={GRID}>
            {list.map((product, index) => (
              <ProductCard key={product.id} product={product} index={index} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
