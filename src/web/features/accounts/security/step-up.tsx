import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError, setStepUpHandler } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { verifyIdentity } from './api';

/**
 * Step-up in the browser: when a request that moves money answers 403
 * REAUTH_REQUIRED, this dialog asks for the password (or a code of the second
 * factor) and the API client sends the same request again. Mounted once per panel.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(
    null,
  );

  useEffect(() => {
    const handler = () => {
      // Two requests refused at once share one dialog.
      if (!waiting.current) {
        let resolve: (ok: boolean) => void = () => {};
        const promise = new Promise<boolean>((settle) => (resolve = settle));
        waiting.current = { promise, resolve };
        setOpen(true);
      }
      return waiting.current.promise;
    };
    setStepUpHandler(handler);
    return () => setStepUpHandler(null);
  }, []);

  const finish = (ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(false))}>
      <DialogContent>{open ? <StepUpForm onDone={finish} /> : null}</DialogContent>
    </Dialog>
  );
}

function StepUpForm({ onDone }: { onDone: (ok: boolean) => void }) {
  const session = useSession();
  const [useCode, setUseCode] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const canUseCode = session.user?.twoFactorEnabled === true;
  const fieldId = useCode ? 'step-up-code' : 'step-up-password';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('secret') ?? '');
    if (!value.trim()) {
      setError(SECURITY_MESSAGES.verifyNeedsSomething);
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await verifyIdentity(useCode ? { code: value } : { password: value });
      onDone(true);
    } catch (caught) {
      setPending(false);
      setError(
        caught instanceof ApiError
          ? (caught.fields?.password ?? caught.fields?.code ?? caught.message)
          : String(caught),
      );
    }
  }

  return (
    <DialogForm
      title={SECURITY_TEXT.stepUpTitle}
      description={SECURITY_MESSAGES.reauthRequired}
      onSubmit={onSubmit}
      onCancel={() => onDone(false)}
      pending={pending}
      submitLabel={SECURITY_TEXT.stepUpSubmit}
    >
      <FormField
        id={fieldId}
        label={useCode ? SECURITY_TEXT.stepUpCodeLabel : SECURITY_TEXT.stepUpPasswordLabel}
        error={error}
      >
        <Input
          key={fieldId}
          name="secret"
          type={useCode ? 'text' : 'password'}
          autoComplete={useCode ? 'one-time-code' : 'current-password'}
          inputMode={useCode ? 'text' : undefined}
          autoFocus
          {...describedBy(fieldId, error)}
        />
      </FormField>
      {canUseCode ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="mt-2 h-auto px-0"
          onClick={() => {
            setUseCode(!useCode);
            setError(undefined);
          }}
        >
          {useCode ? SECURITY_TEXT.stepUpUsePassword : SECURITY_TEXT.stepUpUseCode}
        </Button>
      ) : null}
    </DialogForm>
  );
}
