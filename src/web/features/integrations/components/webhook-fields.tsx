import {
  CreateWebhookBody,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { useState, type FormEvent } from 'react';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';

export interface WebhookFormErrors {
  url?: string | undefined;
  events?: string | undefined;
}

/** The codes whose message belongs under the address field (API.md "Webhooks"). */
const URL_ERROR_CODES = new Set(['WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_URL_UNRESOLVABLE']);

/** The form's values checked by the same schema as the server; the messages per field. */
export function parseWebhookForm(
  url: string,
  events: WebhookEventType[],
):
  | { ok: true; data: { url: string; events: WebhookEventType[] } }
  | { ok: false; errors: WebhookFormErrors } {
  const parsed = CreateWebhookBody.safeParse({ url, events });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: WebhookFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'url' ? 'url' : 'events';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The server's refusal as field messages (an address pointing inside a
 * network, a domain that does not resolve, a field zod refused), or null when
 * it belongs in a toast (the limit of webhooks, a lost connection).
 */
export function webhookFieldErrors(error: unknown): WebhookFormErrors | null {
  if (!(error instanceof ApiError)) return null;
  if (URL_ERROR_CODES.has(error.code)) return { url: error.message };
  if (error.fields && (error.fields.url || error.fields.events)) {
    return { url: error.fields.url, events: error.fields.events };
  }
  return null;
}

/** The address and the events of a webhook, as 'Nuevo webhook' and 'Editar' ask for them. */
export function WebhookFields({
  idPrefix,
  url,
  events,
  errors,
  onUrlChange,
  onEventsChange,
}: {
  idPrefix: string;
  url: string;
  events: WebhookEventType[];
  errors: WebhookFormErrors;
  onUrlChange: (url: string) => void;
  onEventsChange: (events: WebhookEventType[]) => void;
}) {
  const urlId = `${idPrefix}-url`;
  const eventsErrorId = `${idPrefix}-events-error`;
  const toggle = (type: WebhookEventType, on: boolean) =>
    onEventsChange(on ? [...events, type] : events.filter((item) => item !== type));
  return (
    <>
      <FormField id={urlId} label={WEBHOOKS_TEXT.urlLabel} error={errors.url}>
        <Input
          {...describedBy(urlId, errors.url)}
          type="url"
          inputMode="url"
          value={url}
          autoComplete="off"
          spellCheck={false}
          placeholder={WEBHOOKS_TEXT.urlPlaceholder}
          onChange={(event) => onUrlChange(event.target.value)}
        />
      </FormField>
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium">{WEBHOOKS_TEXT.eventsLabel}</legend>
        <div className="mt-2 space-y-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-sky-700"
              />
              <span className="min-w-0">
                {WEBHOOK_EVENT_LABELS[type]}{' '}
                <code className="font-mono text-xs break-all text-muted-foreground">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={eventsErrorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/**
 * 'Nuevo webhook' and 'Editar' alike: the fields, checked by the shared schema
 * before anything is sent, then `save`; the server's refusals land on their
 * field, anything else in a toast titled `title`.
 */
export function WebhookForm({
  idPrefix,
  title,
  description,
  submitLabel,
  initial,
  pending,
  save,
  onCancel,
}: {
  idPrefix: string;
  title: string;
  description: string;
  submitLabel: string;
  initial: { url: string; events: WebhookEventType[] };
  pending: boolean;
  save: (values: { url: string; events: WebhookEventType[] }) => Promise<void>;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<WebhookEventType[]>(initial.events);
  const [errors, setErrors] = useState<WebhookFormErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseWebhookForm(url, events);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      await save(parsed.data);
    } catch (error) {
      const fields = webhookFieldErrors(error);
      if (fields) setErrors(fields);
      else toastError(title, error);
    }
  }

  return (
    <DialogForm
      title={title}
      description={description}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
      pending={pending}
      submitLabel={submitLabel}
      bodyClassName="space-y-4"
    >
      <WebhookFields
        idPrefix={idPrefix}
        url={url}
        events={events}
        errors={errors}
        onUrlChange={setUrl}
        onEventsChange={setEvents}
      />
    </DialogForm>
  );
}
