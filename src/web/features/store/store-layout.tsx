import { BRAND } from '@shared/brand';
import { LayoutDashboard, LogIn, ShoppingCart, Store } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '@web/components/brand-logo';
import { Button, buttonVariants } from '@web/components/ui/button';
import { dismiss, useToasts } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { useSession } from '@web/lib/session';
import { cartQuantity } from './cart/cart-logic';
import { useCartLines } from './cart/cart-store';
import { useResumePendingCheckout } from './cart/use-resume-pending-checkout';
import { STORE_TEXT } from './store-messages';

// The drawer and its dialog primitives (~15 KB compressed) load when the cart
// is first opened, or as the pointer or focus reaches the cart button.
const loadCartDrawer = () => import('./components/cart-drawer');
const CartDrawer = lazy(async () => ({ default: (await loadCartDrawer()).CartDrawer }));

/**
 * spec 01 §2 store layout: sticky header (logo → /, 'Store', the visitor's
 * account link, cart button with the total quantity), the page, a footer with
 * the year and the product name, and the cart drawer from the right. It also
 * gives the cart back after a checkout that was not completed.
 */
export function StoreLayout() {
  useResumePendingCheckout();
  const [cartOpen, setCartOpen] = useState(false);
  // Mounted on first open and kept, so closing still animates.
  const [cartMounted, setCartMounted] = useState(false);
  const count = cartQuantity(useCartLines());
  const toasts = useToasts();

  function openCart() {
    // An 'Added to Cart!' toast would sit over the drawer's checkout button.
    for (const item of toasts) if (item.open) dismiss(item.id);
    setCartMounted(true);
    setCartOpen(true);
  }

  return (
    <div lang="en" className="flex min-h-dvh flex-col bg-background">
      <a
        href="#store-content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border/70 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3 sm:gap-6">
            <BrandLogo compact label={STORE_TEXT.homeLink(BRAND.name)} />
            <nav aria-label={STORE_TEXT.storeLink}>
              <NavLink
                to={paths.store}
                end
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold transition-colors hover:bg-muted sm:px-3',
                    isActive ? 'text-primary' : 'text-foreground',
                  )
                }
              >
                <Store className="size-4" aria-hidden />
                {STORE_TEXT.storeLink}
              </NavLink>
            </nav>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <StoreAccountLink />
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="relative px-2.5 sm:px-3"
              onClick={openCart}
              onPointerEnter={() => void loadCartDrawer()}
              onFocus={() => void loadCartDrawer()}
              aria-haspopup="dialog"
              data-testid="cart-button"
            >
              <ShoppingCart aria-hidden />
              {/* Named by its content ("Cart (2)"), which holds the visible word too. */}
              <span aria-hidden className="max-sm:hidden">
                {STORE_TEXT.cart}
              </span>
              <span className="sr-only">{`${STORE_TEXT.cart} (${count})`}</span>
              {count > 0 ? (
                <span
                  aria-hidden
                  data-testid="cart-badge"
                  className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-accent-foreground ring-2 ring-white"
                >
                  {count > 99 ? '99+' : count}
                </span>
              ) : null}
            </Button>
          </div>
        </div>
      </header>
      {/* At least the viewport below the header, so the footer starts below the fold and
          is not pushed down in view when the page's content arrives (layout shift). */}
      <main id="store-content" className="min-h-[calc(100dvh-4rem)] flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-border bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {BRAND.name}. {STORE_TEXT.footerRights}
          </p>
          <Link to={paths.store} className="hover:text-foreground hover:underline">
            {STORE_TEXT.storeLink}
          </Link>
        </div>
      </footer>
      {cartMounted ? (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onOpenChange={setCartOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * spec 01 §4: signed-in visitors get their dashboard, anonymous ones the sign-in page.
 * Both labels are laid in one grid cell, the unused one hidden, so the slot is as
 * wide as the wider one from the first paint: the cart beside it never moves
 * when the session is read, and no link is shown before it is known.
 */
function StoreAccountLink() {
  const session = useSession();
  const signedIn = session.status === 'ready' && session.user !== null;
  const links = [
    { to: paths.login, label: STORE_TEXT.signIn, Icon: LogIn, current: !signedIn },
    { to: paths.dashboard, label: STORE_TEXT.dashboard, Icon: LayoutDashboard, current: signedIn },
  ];
  return (
    <div className="grid justify-items-end">
      {links.map(({ to, label, Icon, current }) => {
        const content = (
          <>
            <Icon aria-hidden />
            <span className="max-sm:sr-only">{label}</span>
          </>
        );
        const place = 'col-start-1 row-start-1 px-2.5 sm:px-3';
        return current && session.status === 'ready' ? (
          <Button key={to} asChild variant="ghost" size="sm" className={place}>
            <Link to={to} aria-label={label} data-testid="store-account-link">
              {content}
            </Link>
          </Button>
        ) : (
          <span
            key={to}
            aria-hidden
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), place, 'invisible')}
          >
            {content}
          </span>
        );
      })}
    </div>
  );
}
