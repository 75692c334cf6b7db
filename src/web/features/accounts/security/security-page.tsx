import { SECURITY_TEXT } from '@shared/account-security/texts';
import { PageHeading } from '@web/components/page-heading';
import { useSession } from '@web/lib/session';
import { PasswordCard } from './components/password-card';
import { SessionsCard } from './components/sessions-card';
import { TwoFactorCard } from './components/two-factor-card';

/**
 * Seguridad, in every panel: the password, the second factor and the open
 * sessions. An account whose role must use the second factor sees only this
 * page until it turns it on (panel layout).
 */
export function SecurityPage() {
  const session = useSession();
  const required = session.user?.twoFactorRequired === true;
  const locked = required && session.user?.twoFactorEnabled !== true;
  return (
    <div>
      <PageHeading title={SECURITY_TEXT.pageTitle}>{SECURITY_TEXT.pageIntro}</PageHeading>
      <div className="grid gap-5">
        <TwoFactorCard required={required} />
        {locked ? null : (
          <>
            <PasswordCard />
            <SessionsCard />
          </>
        )}
      </div>
    </div>
  );
}
