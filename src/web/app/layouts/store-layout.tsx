import { LANDING_LABELS } from '@shared/messages';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { StoreLayout as StoreFrame } from '@web/features/store/store-layout';
import { useSession } from '@web/lib/session';

/**
 * The storefront frame with the header's account part (spec 01 §4: different
 * buttons for signed-in and anonymous visitors).
 */
export function StoreLayout() {
  return <StoreFrame accountActions={<StoreAccountActions />} />;
}

/** Account navigation is the site's own (Spanish), unlike the English storefront texts. */
function StoreAccountActions() {
  const session = useSession();
  // Nothing until the session is known, so the header does not flash the wrong button.
  if (session.status === 'loading') return null;
  const signedIn = session.user !== null;
  const { to, label, Icon } = signedIn
    ? { to: paths.dashboard, label: LANDING_LABELS.dashboard, Icon: LayoutDashboard }
    : { to: paths.login, label: LANDING_LABELS.signIn, Icon: LogIn };
  return (
    <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
      <Link to={to} lang="es-AR" aria-label={label} data-testid="store-account-link">
        <Icon aria-hidden />
        <span className="max-sm:sr-only">{label}</span>
      </Link>
    </Button>
  );
}
