import { openingSlide, productGallery } from '@shared/store/product-gallery';
import type { StoreProductDetail, StoreVariant } from '@shared/store/store.schema';
import {
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  PackageX,
  ShoppingCart,
  XCircle,
} from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import { Carousel, type CarouselSlide } from '@web/components/ui/carousel';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { useStoreProduct } from '../api/use-store-products';
import { toCartItem } from '../cart/cart-logic';
import { cartStore, useCartLines } from '../cart/cart-store';
import { PriceTag } from '../components/price-tag';
import { ProductDescription, productHtmlToText } from '../components/product-description';
import { ProductImage } from '../components/product-image';
import { QuantityStepper } from '../components/quantity-stepper';
import { stockStatus, type StockTone } from '../components/stock-status';
import { VariantPicker } from '../components/variant-picker';
import { CART_TEXT, STORE_TEXT } from '../store-messages';

/** spec 01 §9: the meta description is cut to 160 characters. */
export const META_DESCRIPTION_LENGTH = 160;

/** spec 01 §2 /product/:id. */
export function ProductPage() {
  const { id = '' } = useParams();
  const product = useStoreProduct(id);
  // The query's answer arrives as an urgent update; building the page from it
  // is deferred, so React renders it in slices instead of one long task.
  const detail = useDeferredValue(product.data);

  if (product.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
          <span className="flex size-14 items-center justify-center rounded-full bg-red-50">
            <PackageX className="size-7 text-red-700" aria-hidden />
          </span>
          <p role="alert" className="font-medium text-red-800">
            {STORE_TEXT.productErrorPrefix}
            {product.error.message || STORE_TEXT.productErrorFallback}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.home}>
              <ArrowLeft aria-hidden />
              {STORE_TEXT.goBack}
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  if (detail === undefined) return <ProductSkeleton />;
  // A new product starts with its own first variant and quantity 1.
  return <ProductDetail key={detail.id} product={detail} />;
}

function BackToStore() {
  return (
    <Link
      to={paths.store}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {STORE_TEXT.backToStore}
    </Link>
  );
}

// A text line's height, painted a little thinner (a transform takes no layout space).
const bar = 'block h-lh scale-y-75 animate-pulse rounded bg-slate-200/70';

/**
 * The page's frame while the product loads: the way back, the square gallery
 * with the spinner, and the title, price and buttons at their final sizes, so
 * nothing moves when the product arrives.
 */
function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <BackToStore />
      <div className="mt-5 grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="flex aspect-square items-center justify-center rounded-2xl border border-border bg-white">
          <Spinner label={STORE_TEXT.loading} />
        </div>
        <div aria-hidden className="flex flex-col gap-5">
          <div className="space-y-2">
            <span className={cn(bar, 'w-3/4 text-3xl sm:text-4xl')} />
            <span className={cn(bar, 'w-1/2 text-lg')} />
          </div>
          <span className={cn(bar, 'w-32 text-3xl')} />
          <div className="space-y-3">
            <span className={cn(bar, 'w-20 text-sm')} />
            <div className="flex flex-wrap items-center gap-3">
              <span className="block h-11 w-32 animate-pulse rounded-lg bg-slate-200/70" />
              <span className="block h-12 min-w-48 flex-1 animate-pulse rounded-lg bg-slate-200/70" />
            </div>
          </div>
          <div className="space-y-1 border-t border-border pt-5">
            <span className={cn(bar, 'w-full')} />
            <span className={cn(bar, 'w-full')} />
            <span className={cn(bar, 'w-2/3')} />
          </div>
        </div>
      </div>
    </div>
  );
}

const toneClasses: Record<StockTone, string> = {
  'in-stock': 'text-emerald-700',
  low: 'text-amber-700',
  unavailable: 'text-red-700',
};
const toneIcons = { 'in-stock': CheckCircle2, low: AlertTriangle, unavailable: XCircle };

function ProductDetail({ product }: { product: StoreProductDetail }) {
  const gallery = useMemo(() => productGallery(product), [product]);
  const [variant, setVariant] = useState<StoreVariant | undefined>(product.variants[0]);
  const [quantity, setQuantity] = useState(1);
  const [slide, setSlide] = useState(() => openingSlide(product, gallery));

  // Keep the chosen variant in step with refreshed stock.
  const selected = product.variants.find((v) => v.id === variant?.id) ?? product.variants[0];
  const inCart = useCartLines().find((line) => line.variant.id === selected?.id)?.quantity ?? 0;
  const { status, canAdd } = stockStatus({
    purchasable: product.purchasable,
    variant: selected,
    requested: quantity,
    inCart,
  });
  const sections = [...product.additional_info].sort((a, b) => a.order - b.order);
  const metaDescription = productHtmlToText(product.description || product.subtitle || '').slice(
    0,
    META_DESCRIPTION_LENGTH,
  );

  function chooseVariant(next: StoreVariant) {
    setVariant(next);
    if (next.image_url) {
      const index = gallery.indexOf(next.image_url);
      if (index >= 0) setSlide(index);
    }
  }

  function addToCart() {
    if (!selected) return;
    const item = toCartItem(product, selected);
    const result = cartStore.add(item.product, item.variant, quantity);
    if (result.ok) {
      toast({
        variant: 'success',
        title: CART_TEXT.addedTitle,
        description: CART_TEXT.addedMany(quantity, product.title, selected.title),
      });
    } else {
      toast({
        variant: 'destructive',
        title: CART_TEXT.detailErrorTitle,
        description: result.message,
      });
    }
  }

  const slides: CarouselSlide[] = gallery.length
    ? gallery.map((url, i) => ({
        key: url,
        content: <ProductImage src={url} alt={`${product.title}, ${i + 1}`} priority={i === 0} />,
        thumbnail: <ProductImage src={url} alt="" />,
      }))
    : [{ key: 'placeholder', content: <ProductImage src={null} alt={product.title} /> }];
  const StatusIcon = status ? toneIcons[status.tone] : null;

  return (
    <>
      <PageMeta
        title={`${product.title}${STORE_TEXT.titleSuffix}`}
        description={metaDescription || STORE_TEXT.productsIntro}
        {...(gallery[0] ? { image: gallery[0] } : {})}
      />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <BackToStore />
        <div className="mt-5 grid gap-8 md:grid-cols-2 md:gap-12">
          <Carousel
            slides={slides}
            index={slide}
            onIndexChange={setSlide}
            label={product.title}
            previousLabel={STORE_TEXT.previousImage}
            nextLabel={STORE_TEXT.nextImage}
            slideLabel={STORE_TEXT.showImage}
          />
          <div className="flex flex-col gap-5">
            <div className="space-y-2">
              {product.ribbon_text ? (
                <span className="inline-block rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-wide text-accent-foreground uppercase">
                  {product.ribbon_text}
                </span>
              ) : null}
              <h1 className="text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">
                {product.title}
              </h1>
              {product.subtitle ? (
                <p className="text-lg text-muted-foreground">{product.subtitle}</p>
              ) : null}
            </div>
            <PriceTag
              size="lg"
              priceFormatted={selected?.price_formatted ?? product.price_formatted}
              salePriceFormatted={
                selected ? selected.sale_price_formatted : product.sale_price_formatted
              }
            />
            {product.variants.length > 1 ? (
              <VariantPicker
                variants={product.variants}
                selectedId={selected?.id}
                onSelect={chooseVariant}
              />
            ) : null}
            <div className="space-y-3">
              <p className="text-sm font-semibold text-foreground" id="quantity-label">
                {STORE_TEXT.quantity}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <QuantityStepper value={quantity} onChange={setQuantity} />
                <Button
                  type="button"
                  size="lg"
                  className="min-w-48 flex-1"
                  disabled={!canAdd}
                  onClick={addToCart}
                >
                  <ShoppingCart aria-hidden />
                  {STORE_TEXT.addToCart}
                </Button>
              </div>
              {status && StatusIcon ? (
                <p
                  role="status"
                  data-tone={status.tone}
                  className={cn(
                    'flex items-center gap-1.5 text-sm font-semibold',
                    toneClasses[status.tone],
                  )}
                >
                  <StatusIcon className="size-4" aria-hidden />
                  {status.text}
                </p>
              ) : null}
            </div>
            <ProductDescription
              html={product.description}
              className="border-t border-border pt-5"
            />
            {sections.length ? (
              <div className="divide-y divide-border rounded-xl border border-border bg-card">
                {sections.map((section) => (
                  <details
                    key={section.id}
                    className="group px-4 py-3"
                    data-testid="additional-info"
                  >
                    <summary className="cursor-pointer list-none font-semibold text-foreground marker:hidden">
                      <span className="flex items-center justify-between gap-2">
                        {section.title}
                        <span
                          aria-hidden
                          className="text-muted-foreground transition-transform group-open:rotate-45"
                        >
                          +
                        </span>
                      </span>
                    </summary>
                    <ProductDescription html={section.description} className="pt-3" />
                  </details>
                ))}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
