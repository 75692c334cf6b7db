import { useState } from 'react';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { checkoutItems } from '../cart/cart-logic';
import { cartStore } from '../cart/cart-store';
import { checkoutLinkOf, savePendingCheckout } from '../cart/pending-checkout';
import { CART_TEXT } from '../store-messages';
import { buyerMessageOf, createStoreCheckout } from './store-client';

/** Where the browser goes; a seam so tests can watch the redirect. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * spec 01 §4-5, §7: checkout posts the cart to the store service, clears the cart
 * just before the browser is sent to the returned address, and is blocked for an
 * empty cart. A copy of the lines is kept with the order, so the cart comes back
 * if the visitor cancels or returns (see resume-pending-checkout.ts).
 */
export function useCheckout() {
  const [pending, setPending] = useState(false);

  async function checkout() {
    const lines = cartStore.getLines();
    if (lines.length === 0) {
      toast({
        variant: 'destructive',
        title: CART_TEXT.emptyCheckoutTitle,
        description: CART_TEXT.emptyCheckoutDescription,
      });
      return;
    }
    setPending(true);
    try {
      const { url } = await createStoreCheckout({
        items: checkoutItems(lines),
        successUrl: `${window.location.origin}${paths.success}`,
        cancelUrl: window.location.href,
        locale: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      const link = checkoutLinkOf(url, window.location.origin);
      if (link) {
        savePendingCheckout({ ...link, lines, startedAt: new Date().toISOString() });
      }
      cartStore.clear();
      browser.assign(url);
    } catch (error) {
      setPending(false);
      // The service says in English why it refused this cart (not enough stock, a
      // limit on units or reservations); anything else gets the spec's words.
      toast({
        variant: 'destructive',
        title: CART_TEXT.checkoutErrorTitle,
        description: buyerMessageOf(error) ?? CART_TEXT.checkoutErrorDescription,
      });
    }
  }

  return { checkout, pending };
}
