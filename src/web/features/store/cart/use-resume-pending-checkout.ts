import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@web/components/ui/toast-store';
import { resumePendingCheckouts } from '../api/resume-pending-checkout';
import { CART_TEXT } from '../store-messages';
import { cartStore } from './cart-store';

/**
 * Gives the visitor their cart back when they come back from a checkout they did
 * not complete: on a full page load of a store page (the hosted page's cancel
 * lands here, and so does Back without the back-forward cache) and when the
 * browser restores the page from its back-forward cache (`pageshow` with
 * `persisted`), where no component mounts again.
 */
export function useResumePendingCheckout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    const resume = () =>
      void resumePendingCheckouts().then((outcomes) => {
        if (!active || !outcomes.includes('restored')) return;
        // Stock was released: the pages show it again.
        void queryClient.invalidateQueries({ queryKey: ['store'] });
        toast({
          variant: 'success',
          title: CART_TEXT.restoredTitle,
          description: CART_TEXT.restoredDescription,
        });
      });
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      // Another tab may have changed the cart while this page sat in the cache.
      cartStore.reload();
      resume();
    };
    resume();
    window.addEventListener('pageshow', onPageShow);
    return () => {
      active = false;
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [queryClient]);
}
