import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { StoreLayout as StoreFrame } from '@web/features/store/store-layout';
import { STORE_TEXT } from '@web/features/store/store-messages';

/**
 * The storefront frame with the header's account part (spec 01 §4: different
 * buttons for signed-in and anonymous visitors).
 */
export function StoreLayout() {
  return <StoreFrame accountActions={<StoreAccountActions />} />;
}

function StoreAccountActions() {
  return (
    <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
      <Link to={paths.login} aria-label={STORE_TEXT.signIn}>
        <LogIn aria-hidden />
        <span className="max-sm:sr-only">{STORE_TEXT.signIn}</span>
      </Link>
    </Button>
  );
}
