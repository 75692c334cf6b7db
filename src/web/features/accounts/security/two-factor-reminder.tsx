import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { paths } from '@web/config/paths';
import { useSession } from '@web/lib/session';

/**
 * A company's panel reminds it to turn the second factor on, on every page but
 * Seguridad, until it does: its account moves money and holds gateway credentials.
 */
export function TwoFactorReminder() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const security = `${paths.company}/security`;
  if (!user || user.twoFactorEnabled || pathname === security) return null;
  return (
    <div
      role="note"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
      data-testid="two-factor-reminder"
    >
      <ShieldAlert className="size-5 shrink-0 text-amber-700" aria-hidden />
      <p className="flex-1">{SECURITY_TEXT.twoFactorReminder}</p>
      <Link
        to={security}
        className="inline-flex h-9 shrink-0 items-center justify-center rounded-lg bg-amber-500 px-3 font-semibold text-amber-950 hover:bg-amber-400"
      >
        {SECURITY_TEXT.twoFactorReminderAction}
      </Link>
    </div>
  );
}
