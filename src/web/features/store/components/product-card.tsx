import type { StoreProduct } from '@shared/store/store.schema';
import { PackageX, ShoppingCart } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { toCartItem } from '../cart/cart-logic';
import { cartStore } from '../cart/cart-store';
import { CART_TEXT, STORE_TEXT } from '../store-messages';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';

/**
 * Why the card cannot sell the product, if it cannot: every variant is a
 * managed one with no stock left, or the product is not for sale.
 */
function unavailableReason(product: StoreProduct): string | null {
  if (!product.purchasable || product.variants.length === 0) return STORE_TEXT.unavailable;
  const soldOut = product.variants.every(
    (variant) => variant.manage_inventory && variant.inventory_quantity <= 0,
  );
  return soldOut ? STORE_TEXT.soldOut : null;
}

/**
 * spec 01 §2 product card: image, ribbon, price, title, subtitle and 'Add to
 * Cart'. The whole card opens the product (a stretched link); with more than one
 * variant the button goes to the detail page instead of adding. A product that
 * cannot be bought says so on a disabled button instead.
 */
export function ProductCard({ product, index }: { product: StoreProduct; index: number }) {
  const navigate = useNavigate();
  const href = paths.product(product.id);
  const hasChoices = product.variants.length > 1;
  const unavailable = unavailableReason(product);
  const buttonText = unavailable ?? STORE_TEXT.addToCart;
  const onSale =
    product.sale_price_formatted !== null &&
    product.sale_price_formatted !== product.price_formatted;

  function addToCart() {
    if (hasChoices) {
      void navigate(href);
      return;
    }
    const variant = product.variants[0];
    if (!variant) return;
    const item = toCartItem(product, variant);
    const result = cartStore.add(item.product, item.variant, 1);
    if (result.ok) {
      toast({
        variant: 'success',
        title: CART_TEXT.addedTitle,
        description: CART_TEXT.addedOne(product.title),
      });
    } else {
      toast({
        variant: 'destructive',
        title: CART_TEXT.listErrorTitle,
        description: result.message,
      });
    }
  }

  return (
    <article
      data-testid="product-card"
      className="group relative flex animate-fade-up flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition-shadow hover:shadow-lg focus-within:ring-2 focus-within:ring-ring"
      // spec 01 §9: card entrance staggered 0.05 s per index.
      style={{ animationDelay: `${index * 0.05}s` }}
    >
      <div className="relative aspect-square overflow-hidden bg-muted">
        <ProductImage
          src={product.thumbnail ?? product.images[0]?.url}
          alt={product.title}
          loading={index < 4 ? 'eager' : 'lazy'}
          priority={index < 2}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        {product.ribbon_text ? (
          <span
            className="absolute top-2 left-2 max-w-[calc(100%-1rem)] truncate rounded-full bg-accent px-2.5 py-0.5 text-[0.6875rem] font-bold sm:top-3 sm:left-3 sm:px-3 sm:py-1 sm:text-xs tracking-wide text-accent-foreground uppercase shadow-sm"
            title={product.ribbon_text}
          >
            {product.ribbon_text}
          </span>
        ) : null}
        <span
          className={cn(
            'absolute right-2 bottom-2 bg-white/95 px-2.5 py-1 shadow-md ring-1 ring-black/5 sm:right-3 sm:bottom-3 sm:px-3 sm:py-1.5',
            onSale ? 'rounded-xl' : 'rounded-full',
          )}
        >
          {/* On sale, the two prices stack, so the badge stays as wide as its longer price. */}
          <PriceTag
            priceFormatted={product.price_formatted}
            salePriceFormatted={product.sale_price_formatted}
            className={onSale ? 'flex-col items-end' : undefined}
          />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h2 className="text-sm leading-snug font-semibold text-foreground sm:text-base">
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {product.title}
          </Link>
        </h2>
        <p
          className="line-clamp-2 flex-1 text-xs text-muted-foreground sm:text-sm"
          title={product.subtitle || STORE_TEXT.defaultSubtitle}
        >
          {product.subtitle || STORE_TEXT.defaultSubtitle}
        </p>
        <Button
          type="button"
          onClick={addToCart}
          disabled={unavailable !== null}
          variant={unavailable ? 'outline' : 'primary'}
          size="sm"
          className="relative z-10 mt-3 w-full px-2 sm:h-10"
          aria-label={`${buttonText}: ${product.title}`}
        >
          {unavailable ? <PackageX aria-hidden /> : <ShoppingCart aria-hidden />}
          {buttonText}
        </Button>
      </div>
    </article>
  );
}
