import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_HOME, type Role } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES, PANEL_TITLES, ROLE_LABELS } from '@shared/accounts/messages';
import { BRAND } from '@shared/brand';
import { BrandLogo } from '@web/components/brand-logo';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@web/components/ui/sheet';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { queryClient } from '@web/lib/query-client';
import { signOut, useSession } from '@web/lib/session';
import { NotificationBell } from '@web/features/notifications/notification-bell';
import { StepUpHost } from '@web/features/accounts/security/step-up';
import { TwoFactorReminder } from '@web/features/accounts/security/two-factor-reminder';
import { PANEL_SECTIONS, SECURITY_SECTION, type PanelSection } from '../panel-sections';
import { RoleGuard } from '../role-guard';

/** A role's panel: guard, sidebar (a slide-out on phones), the user's name and sign-out. */
export function RolePanel({ role }: { role: Role }) {
  return (
    <RoleGuard role={role}>
      <PanelLayout role={role} />
    </RoleGuard>
  );
}

/**
 * The sections the account may open: only Seguridad while its role must turn
 * the second factor on and it has not (the panel's API answers 403 meanwhile).
 */
function useSections(role: Role): { sections: PanelSection[]; locked: boolean } {
  const { user } = useSession();
  const locked = user?.twoFactorRequired === true && !user.twoFactorEnabled;
  return { sections: locked ? [SECURITY_SECTION] : PANEL_SECTIONS[role], locked };
}

function PanelLayout({ role }: { role: Role }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { locked } = useSections(role);
  const security = `${ROLE_HOME[role]}/${SECURITY_SECTION.path}`;
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[16rem_1fr]">
      <PageMeta title={`${PANEL_TITLES[role]} | ${BRAND.name}`} />
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-card lg:flex">
        <SidebarContent role={role} />
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-border bg-white/95 px-4 backdrop-blur lg:hidden">
          <BrandLogo />
          <div className="flex items-center gap-1">
            <NotificationBell role={role} />
            <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Abrir menú">
                  <Menu className="!size-6" aria-hidden />
                </Button>
              </SheetTrigger>
              <SheetContent className="max-w-[18rem]" closeLabel="Cerrar menú">
                <SheetTitle className="sr-only">Menú del {PANEL_TITLES[role]}</SheetTitle>
                <SheetDescription className="sr-only">Secciones del panel</SheetDescription>
                <SidebarContent role={role} onNavigate={() => setMenuOpen(false)} />
              </SheetContent>
            </Sheet>
          </div>
        </header>
        <main
          id="contenido"
          className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10"
        >
          {/* Seguridad stays the same page once the factor is on, so its backup codes stay shown. */}
          {locked && pathname !== security ? <Navigate to={security} replace /> : null}
          {role === 'company' ? <TwoFactorReminder /> : null}
          <Outlet />
        </main>
        <StepUpHost />
      </div>
    </div>
  );
}

function SidebarContent({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const home = ROLE_HOME[role];
  const { sections } = useSections(role);
  const roleLine = `${ROLE_LABELS[role]}${session.profile?.company ? ` · ${session.profile.company}` : ''}`;

  async function onSignOut() {
    setLeaving(true);
    await signOut();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }

  return (
    <div className="flex h-full flex-col">
      <div className="px-5 pt-5 pb-4">
        <div className="hidden items-center justify-between lg:flex">
          <BrandLogo />
          {onNavigate ? null : <NotificationBell role={role} />}
        </div>
        <p className="mt-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:mt-4">
          {PANEL_TITLES[role]}
        </p>
      </div>
      <nav aria-label={PANEL_TITLES[role]} className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={section.path ? `${home}/${section.path}` : home}
                end={!section.path}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive ? 'bg-sky-50 text-primary' : 'text-slate-700 hover:bg-muted',
                  )
                }
              >
                <section.icon className="size-4 shrink-0" aria-hidden />
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-border p-4">
        <div className="flex items-center gap-3">
          {session.profile?.logo_url ? (
            <img
              src={session.profile.logo_url}
              alt={`Logo de ${session.profile.company ?? 'la empresa'}`}
              className="size-10 shrink-0 rounded-lg border border-border bg-white object-contain p-0.5"
            />
          ) : null}
          <div className="min-w-0">
            <p
              className="truncate text-sm font-semibold"
              data-testid="panel-user-name"
              title={session.profile?.name ?? session.user?.name}
            >
              {session.profile?.name ?? session.user?.name}
            </p>
            <p className="truncate text-xs text-muted-foreground" title={roleLine}>
              {roleLine}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="mt-3 w-full"
          onClick={onSignOut}
          disabled={leaving}
        >
          <LogOut aria-hidden />
          {ACCOUNT_MESSAGES.signOut}
        </Button>
      </div>
    </div>
  );
}
