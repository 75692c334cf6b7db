import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast-store';
import { useSession } from '@web/lib/session';
import { renewBackupCodes, turnOffTwoFactor, verifyIdentity } from '../api';
import { BackupCodes } from './backup-codes';
import { PasswordPrompt } from './password-prompt';
import { SecurityCardHeader } from './security-card-header';
import { TwoFactorEnroll } from './two-factor-enroll';

type Open = 'enroll' | 'off' | 'renew' | null;

/** The second factor: whether it is on, and turning it on, off, or renewing the backup codes. */
export function TwoFactorCard({ required }: { required: boolean }) {
  const session = useSession();
  const enabled = session.user?.twoFactorEnabled === true;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="two-factor-title">
      <SecurityCardHeader
        id="two-factor-title"
        title={SECURITY_TEXT.twoFactorTitle}
        badge={
          <span
            className={
              enabled
                ? 'inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800'
                : 'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900'
            }
            data-testid="two-factor-status"
          >
            {enabled ? (
              <ShieldCheck className="size-3.5" aria-hidden />
            ) : (
              <ShieldOff className="size-3.5" aria-hidden />
            )}
            {enabled ? SECURITY_TEXT.twoFactorOnStatus : SECURITY_TEXT.twoFactorOffStatus}
          </span>
        }
      >
        {SECURITY_TEXT.twoFactorIntro}
      </SecurityCardHeader>
      {required && !enabled ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {SECURITY_TEXT.twoFactorRequiredNotice}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap [&>button]:h-auto [&>button]:min-h-11 [&>button]:py-2 [&>button]:whitespace-normal">
        {enabled ? (
          <>
            <Button variant="outline" onClick={() => setOpen('renew')}>
              {SECURITY_TEXT.renewCodes}
            </Button>
            {required ? null : (
              <Button variant="outline" onClick={() => setOpen('off')}>
                {SECURITY_TEXT.turnOff}
              </Button>
            )}
          </>
        ) : (
          <Button onClick={() => setOpen('enroll')}>
            <ShieldCheck aria-hidden />
            {SECURITY_TEXT.turnOn}
          </Button>
        )}
      </div>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? null : close())}>
        <DialogContent>
          {open === 'enroll' ? <TwoFactorEnroll onClose={close} /> : null}
          {open === 'off' ? <TurnOff onClose={close} /> : null}
          {open === 'renew' ? <RenewCodes onClose={close} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** Off with the password: it also counts as the step-up the route asks for. */
function TurnOff({ onClose }: { onClose: () => void }) {
  return (
    <PasswordPrompt
      id="two-factor-off-password"
      title={SECURITY_TEXT.turnOffTitle}
      description={SECURITY_TEXT.turnOffIntro}
      submitLabel={SECURITY_TEXT.turnOff}
      onCancel={onClose}
      onPassword={async (password) => {
        await verifyIdentity({ password });
        await turnOffTwoFactor(password);
        toast({ title: SECURITY_TEXT.turnedOff, variant: 'success' });
        onClose();
      }}
    />
  );
}

function RenewCodes({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const [codes, setCodes] = useState<string[]>();
  if (codes) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{SECURITY_TEXT.backupTitle}</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <BackupCodes codes={codes} email={session.user?.email} />
        </DialogBody>
        <DialogFooter>
          <Button onClick={onClose}>{SECURITY_TEXT.backupDone}</Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <PasswordPrompt
      id="renew-password"
      title={SECURITY_TEXT.renewCodes}
      description={SECURITY_TEXT.enrollPasswordStep}
      onCancel={onClose}
      onPassword={async (password) => setCodes((await renewBackupCodes(password)).backupCodes)}
    />
  );
}
