import { formatStoreMoney } from '@shared/money';
import { Lock, ShoppingBag, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@web/components/ui/sheet';
import { paths } from '@web/config/paths';
import { useCheckout } from '../api/use-checkout';
import { useStoreCurrency } from '../api/use-store-products';
import {
  canIncrease,
  cartQuantity,
  cartSubtotalInCents,
  unitPriceInCents,
  type CartLine,
} from '../cart/cart-logic';
import { cartStore, useCartLines } from '../cart/cart-store';
import { STORE_TEXT } from '../store-messages';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';

interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** spec 01 §2 cart drawer: lines with quantity controls, remove, and checkout. */
export function CartDrawer({ open, onOpenChange }: CartDrawerProps) {
  const lines = useCartLines();
  const { checkout, pending } = useCheckout();
  const count = cartQuantity(lines);
  // An empty cart still speaks the store's currency (spec 01 §9), not a default euro.
  const { currency, pending: currencyPending } = useStoreCurrency(
    lines[0]?.variant.currency_format ?? null,
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent lang="en" aria-describedby="cart-drawer-description">
        <SheetHeader>
          <SheetTitle className="flex items-center gap-2">
            <ShoppingBag className="size-5 text-primary" aria-hidden />
            {STORE_TEXT.cart}
            {count > 0 ? (
              <span className="text-sm font-medium text-muted-foreground">
                ({count} {count === 1 ? 'item' : 'items'})
              </span>
            ) : null}
          </SheetTitle>
          <SheetDescription id="cart-drawer-description" className="sr-only">
            {STORE_TEXT.shippingNote}
          </SheetDescription>
        </SheetHeader>

        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-sky-50">
              <ShoppingBag className="size-8 text-primary" aria-hidden />
            </span>
            <p className="text-lg font-semibold text-foreground">{STORE_TEXT.emptyDrawer}</p>
            <p className="text-sm text-muted-foreground">{STORE_TEXT.emptyDrawerHint}</p>
            <Button asChild variant="outline" className="mt-2">
              <Link to={paths.store} onClick={() => onOpenChange(false)}>
                {STORE_TEXT.continueShopping}
              </Link>
            </Button>
          </div>
        ) : (
          <ul
            className="flex-1 divide-y divide-border overflow-y-auto px-5"
            aria-label={STORE_TEXT.cart}
          >
            {lines.map((line) => (
              <CartLineRow key={line.variant.id} line={line} />
            ))}
          </ul>
        )}

        <div className="space-y-3 border-t border-border bg-muted/40 px-5 py-4">
          <div className="flex items-center justify-between text-base">
            <span className="font-medium text-muted-foreground">{STORE_TEXT.subtotal}</span>
            <span className="font-bold text-foreground" data-testid="cart-subtotal">
              {currencyPending ? '' : formatStoreMoney(cartSubtotalInCents(lines), currency)}
            </span>
          </div>
          <p className="text-xs text-muted-foreground">{STORE_TEXT.shippingNote}</p>
          <Button
            type="button"
            size="lg"
            className="w-full"
            onClick={() => void checkout()}
            disabled={pending}
          >
            <Lock aria-hidden />
            {pending ? STORE_TEXT.loading : STORE_TEXT.checkout}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const { product, variant } = line;
  const lineTotal = formatStoreMoney(
    unitPriceInCents(variant) * line.quantity,
    variant.currency_format,
  );
  const showVariant = variant.title && variant.title !== product.title;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <Link
        to={paths.product(product.id)}
        className="size-20 shrink-0 overflow-hidden rounded-lg border border-border bg-muted"
        tabIndex={-1}
        aria-hidden
      >
        <ProductImage src={variant.image_url ?? product.thumbnail} alt="" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {/* The name keeps the row's whole width; the line total sits under it. */}
        <div className="min-w-0">
          <p className="line-clamp-2 font-semibold text-foreground" title={product.title}>
            {product.title}
          </p>
          <div className="flex items-baseline justify-between gap-2">
            <p
              className="min-w-0 truncate text-sm text-muted-foreground"
              title={showVariant ? variant.title : undefined}
            >
              {showVariant ? variant.title : null}
            </p>
            <p className="shrink-0 font-semibold tabular-nums text-foreground">{lineTotal}</p>
          </div>
        </div>
        <div className="flex items-center justify-between gap-2">
          <QuantityStepper
            size="sm"
            value={line.quantity}
            onChange={(quantity) => cartStore.update(variant.id, quantity)}
            canIncrease={canIncrease(line)}
            label={`${STORE_TEXT.quantity}: ${product.title}${showVariant ? ` (${variant.title})` : ''}`}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => cartStore.remove(variant.id)}
            aria-label={`${STORE_TEXT.remove} ${product.title}${showVariant ? ` (${variant.title})` : ''}`}
          >
            <Trash2 aria-hidden />
            <span className="max-sm:sr-only">{STORE_TEXT.remove}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
