import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ROLE_HOME, type Role } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useSession, type SessionState } from '@web/lib/session';

/**
 * spec 01 §4: before a profile is known — a spinner while the session loads,
 * /login without a user, 'Cargando perfil...' without a profile.
 */
function NoProfileYet({ session }: { session: SessionState }) {
  if (session.status === 'loading') return <PageSpinner />;
  if (!session.user) return <Navigate to={paths.login} replace />;
  return (
    <p
      role="status"
      className="flex min-h-[50dvh] items-center justify-center text-muted-foreground"
    >
      {ACCOUNT_MESSAGES.loadingProfile}
    </p>
  );
}

/** spec 01 §4 route guard: only `role` gets through; a wrong role goes to its own home. */
export function RoleGuard({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  if (!session.profile) return <NoProfileYet session={session} />;
  if (session.profile.role !== role) {
    return <Navigate to={ROLE_HOME[session.profile.role] ?? paths.home} replace />;
  }
  return children;
}

/** spec 01 §2 /dashboard: once the profile is loaded, each role goes to its panel. */
export function DashboardRedirect() {
  const session = useSession();
  if (!session.profile) return <NoProfileYet session={session} />;
  return <Navigate to={ROLE_HOME[session.profile.role] ?? paths.home} replace />;
}
