import { Link } from 'react-router';
import { LANDING_LABELS } from '@shared/messages';
import { BrandLogo } from '@web/components/brand-logo';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useSession } from '@web/lib/session';

/** spec 01 §2 /: a signed-in user gets a button to /dashboard; visitors, sign-in and sign-up. */
export function SiteHeader() {
  const session = useSession();
  const signedIn = session.status === 'ready' && session.user !== null;
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo compact />
        <nav aria-label="Cuenta" className="flex shrink-0 items-center gap-1 sm:gap-2">
          {signedIn ? (
            <Button asChild size="sm" className="px-2.5 sm:px-3">
              <Link to={paths.dashboard}>{LANDING_LABELS.dashboard}</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
                <Link to={paths.login}>{LANDING_LABELS.signIn}</Link>
              </Button>
              <Button asChild size="sm" className="px-2.5 sm:px-3">
                <Link to={paths.register}>{LANDING_LABELS.register}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
