import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError, apiRequest } from '@web/lib/api-client';

/**
 * The second step of signing in to an account with the factor on: the app's
 * six-digit code (or a backup code), and whether to trust this device for 30
 * days. The password step left a short-lived cookie; this one gets the session.
 */
export function TwoFactorSignIn({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const fieldId = backup ? 'two-factor-backup' : 'two-factor-code';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const code = String(data.get('code') ?? '').trim();
    const trustDevice = data.get('trustDevice') === 'on';
    setPending(true);
    setError(undefined);
    try {
      await apiRequest<unknown>(
        backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
        { method: 'POST', body: { code, trustDevice } },
      );
      await onSignedIn();
    } catch (caught) {
      setPending(false);
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="two-factor-step">
      <div className="flex items-start gap-3 rounded-lg bg-sky-50 p-4 text-sm text-sky-950">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h2 id="two-factor-step" className="font-semibold">
            {SECURITY_TEXT.signInStepTitle}
          </h2>
          <p className="mt-0.5">
            {backup ? SECURITY_TEXT.signInBackupIntro : SECURITY_TEXT.signInStepIntro}
          </p>
        </div>
      </div>
      <FormField
        id={fieldId}
        label={backup ? SECURITY_TEXT.signInBackupLabel : SECURITY_TEXT.signInCodeLabel}
        error={error}
      >
        <Input
          key={fieldId}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          placeholder={backup ? 'xxxxx-xxxxx' : '123456'}
          autoFocus
          required
          className="font-mono tracking-widest"
          {...describedBy(fieldId, error)}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="trustDevice" className="size-4 rounded accent-primary" />
        {SECURITY_TEXT.signInTrustDevice}
      </label>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? SECURITY_TEXT.signInVerifying : SECURITY_TEXT.signInVerify}
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto py-1 whitespace-normal"
          onClick={() => {
            setBackup(!backup);
            setError(undefined);
          }}
        >
          {backup ? SECURITY_TEXT.signInUseApp : SECURITY_TEXT.signInUseBackup}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto py-1 whitespace-normal"
          onClick={onRestart}
        >
          {SECURITY_TEXT.signInBack}
        </Button>
      </div>
    </form>
  );
}
