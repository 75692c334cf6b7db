import { useEffect, useState, type FormEvent } from 'react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { Button } from '@web/components/ui/button';
import {
  DialogBody,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { confirmTwoFactor, startTwoFactor, type TwoFactorEnrollment } from '../api';
import { BackupCodes } from './backup-codes';
import { PasswordPrompt } from './password-prompt';

type Step =
  | { name: 'password' }
  | { name: 'scan'; enrollment: TwoFactorEnrollment }
  | { name: 'codes'; codes: string[] };

/**
 * Turning the second factor on, in three steps: the password, then the QR code
 * (and the secret as text) with the app's first code, then the backup codes.
 */
export function TwoFactorEnroll({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  if (step.name === 'password') {
    return (
      <PasswordStep
        onCancel={onClose}
        onStarted={(enrollment) => setStep({ name: 'scan', enrollment })}
      />
    );
  }
  if (step.name === 'scan') {
    return (
      <ScanStep
        enrollment={step.enrollment}
        onCancel={onClose}
        onConfirmed={() => setStep({ name: 'codes', codes: step.enrollment.backupCodes })}
      />
    );
  }
  return <CodesStep codes={step.codes} onDone={onClose} />;
}

function errorText(error: unknown, field: string): string {
  if (error instanceof ApiError) return error.fields?.[field] ?? error.message;
  return String(error);
}

function PasswordStep({
  onCancel,
  onStarted,
}: {
  onCancel: () => void;
  onStarted: (enrollment: TwoFactorEnrollment) => void;
}) {
  return (
    <PasswordPrompt
      id="enroll-password"
      title={SECURITY_TEXT.turnOn}
      description={SECURITY_TEXT.enrollPasswordStep}
      onCancel={onCancel}
      onPassword={async (password) => onStarted(await startTwoFactor(password))}
    />
  );
}

function ScanStep({
  enrollment,
  onCancel,
  onConfirmed,
}: {
  enrollment: TwoFactorEnrollment;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const [qr, setQr] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const secret = new URL(enrollment.totpURI).searchParams.get('secret') ?? '';

  useEffect(() => {
    let live = true;
    // The QR library is loaded only by this step.
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(enrollment.totpURI, { margin: 1, width: 208 }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [enrollment.totpURI]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await confirmTwoFactor(
        String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, ''),
      );
      toast({ title: SECURITY_TEXT.turnedOn, variant: 'success' });
      onConfirmed();
    } catch (caught) {
      setPending(false);
      setError(errorText(caught, 'code'));
    }
  }

  return (
    <DialogForm
      title={SECURITY_TEXT.turnOn}
      description={SECURITY_TEXT.enrollScanStep}
      onSubmit={onSubmit}
      onCancel={onCancel}
      pending={pending}
      submitLabel={SECURITY_TEXT.enrollConfirm}
    >
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="grid size-52 shrink-0 place-items-center rounded-lg border border-border bg-white">
          {qr ? (
            <img src={qr} alt="Código QR para tu app de autenticación" className="size-52" />
          ) : null}
        </div>
        <div className="w-full min-w-0 space-y-4">
          <div>
            <p className="text-sm font-medium">{SECURITY_TEXT.enrollSecretLabel}</p>
            <p
              className="mt-1 rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all select-all"
              data-testid="totp-secret"
            >
              {secret.match(/.{1,4}/g)?.join(' ')}
            </p>
          </div>
          <FormField id="enroll-code" label={SECURITY_TEXT.enrollCodeLabel} error={error}>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              {...describedBy('enroll-code', error)}
            />
          </FormField>
        </div>
      </div>
    </DialogForm>
  );
}

function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const session = useSession();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{SECURITY_TEXT.backupTitle}</DialogTitle>
        <DialogDescription>{SECURITY_TEXT.turnedOn}</DialogDescription>
      </DialogHeader>
      <DialogBody>
        <BackupCodes codes={codes} email={session.user?.email} />
      </DialogBody>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {SECURITY_TEXT.backupDone}
        </Button>
      </DialogFooter>
    </>
  );
}
