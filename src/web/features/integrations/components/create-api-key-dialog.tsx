import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  CreateApiKeyBody,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@shared/integrations/api-keys.schema';
import { INTEGRATIONS_TEXT } from '@shared/integrations/texts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast, toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useCreateApiKey } from '../api';

/**
 * 'Nueva clave': a name and the scopes, then the key itself, shown this once
 * with a button to copy it. The server asks for the password first when the
 * session's step-up has lapsed (the panel's step-up dialog, then it retries).
 */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        {!open ? null : created ? (
          <ShownOnce created={created} onDone={close} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders:read', 'products:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateApiKeyBody.safeParse({ name, scopes });
    if (!parsed.success) {
      const found: { name?: string; scopes?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'scopes';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors({ name: error.fields.name, scopes: error.fields.scopes });
      } else {
        toastError(INTEGRATIONS_TEXT.createTitle, error);
      }
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  return (
    <DialogForm
      title={INTEGRATIONS_TEXT.createTitle}
      description={INTEGRATIONS_TEXT.createDescription}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
      pending={create.isPending}
      submitLabel={INTEGRATIONS_TEXT.createSubmit}
      bodyClassName="space-y-4"
    >
      <FormField id="api-key-name" label={INTEGRATIONS_TEXT.nameLabel} error={errors.name}>
        <Input
          {...describedBy('api-key-name', errors.name)}
          value={name}
          maxLength={60}
          autoComplete="off"
          placeholder={INTEGRATIONS_TEXT.namePlaceholder}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <fieldset aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
        <legend className="text-sm font-medium">{INTEGRATIONS_TEXT.scopesLabel}</legend>
        <div className="mt-2 space-y-2">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                className="mt-0.5 size-4 accent-sky-700"
              />
              <span>
                {API_KEY_SCOPE_LABELS[scope]}{' '}
                <code className="font-mono text-xs text-muted-foreground">{scope}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p
            id="api-key-scopes-error"
            role="alert"
            className="mt-2 text-sm font-medium text-destructive"
          >
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
    </DialogForm>
  );
}

function ShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: API_KEY_MESSAGES.copied, variant: 'success' });
    } catch (error) {
      toastError(INTEGRATIONS_TEXT.copy, error);
    }
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{INTEGRATIONS_TEXT.shownOnceTitle}</DialogTitle>
        <DialogDescription>{INTEGRATIONS_TEXT.shownOnceWarning}</DialogDescription>
      </DialogHeader>
      <DialogBody className="space-y-3">
        <p className="text-sm font-semibold">{created.name}</p>
        <code
          className="block rounded-lg border border-border bg-muted/40 p-3 font-mono text-sm break-all select-all"
          data-testid="created-api-key"
        >
          {created.key}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          {INTEGRATIONS_TEXT.copy}
        </Button>
      </DialogBody>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {INTEGRATIONS_TEXT.done}
        </Button>
      </DialogFooter>
    </div>
  );
}
