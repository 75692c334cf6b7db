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
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useCreateApiKey } from '../api';
import { CreateThenShowOnce, ShownOnce } from './shown-once';

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
  return (
    <CreateThenShowOnce<CreatedApiKey>
      open={open}
      onOpenChange={onOpenChange}
      form={(onCreated, onCancel) => <CreateForm onCreated={onCreated} onCancel={onCancel} />}
      shown={(created, onDone) => (
        <ShownOnce
          title={INTEGRATIONS_TEXT.shownOnceTitle}
          description={INTEGRATIONS_TEXT.shownOnceWarning}
          label={<p className="text-sm font-semibold">{created.name}</p>}
          value={created.key}
          testId="created-api-key"
          copyLabel={INTEGRATIONS_TEXT.copy}
          copiedMessage={API_KEY_MESSAGES.copied}
          doneLabel={INTEGRATIONS_TEXT.done}
          onDone={onDone}
        />
      )}
    />
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
