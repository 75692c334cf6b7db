import { Copy, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@shared/integrations/webhooks.schema';
import { INTEGRATIONS_TEXT, WEBHOOKS_TEXT } from '@shared/integrations/texts';
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
import { toast, toastError } from '@web/components/ui/toast-store';
import { useCreateWebhook } from '../api';
import {
  parseWebhookForm,
  WebhookFields,
  webhookFieldErrors,
  type WebhookFormErrors,
} from './webhook-fields';

/**
 * 'Nuevo webhook': the address and the events, then the signing secret, shown
 * this once with a button to copy it. As for a new API key, the server asks
 * for the password first when the session's step-up has lapsed (the panel's
 * step-up dialog, then the API client sends the request again).
 */
export function CreateWebhookDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        {!open ? null : created ? (
          <SecretShownOnce created={created} onDone={close} />
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
  onCreated: (created: CreatedWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([
    'order.created',
    'order.status_changed',
  ]);
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
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      const fields = webhookFieldErrors(error);
      if (fields) setErrors(fields);
      else toastError(WEBHOOKS_TEXT.createTitle, error);
    }
  }

  return (
    <DialogForm
      title={WEBHOOKS_TEXT.createTitle}
      description={WEBHOOKS_TEXT.createDescription}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
      pending={create.isPending}
      submitLabel={WEBHOOKS_TEXT.createSubmit}
      bodyClassName="space-y-4"
    >
      <WebhookFields
        idPrefix="new-webhook"
        url={url}
        events={events}
        errors={errors}
        onUrlChange={setUrl}
        onEventsChange={setEvents}
      />
    </DialogForm>
  );
}

function SecretShownOnce({
  created,
  onDone,
}: {
  created: CreatedWebhookEndpoint;
  onDone: () => void;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast({ title: WEBHOOKS_TEXT.copied, variant: 'success' });
    } catch (error) {
      toastError(WEBHOOKS_TEXT.copy, error);
    }
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{WEBHOOKS_TEXT.shownOnceTitle}</DialogTitle>
        <DialogDescription>{WEBHOOK_MESSAGES.created}</DialogDescription>
      </DialogHeader>
      <DialogBody className="space-y-3">
        <p className="font-mono text-sm font-semibold break-all">{created.url}</p>
        <code
          className="block rounded-lg border border-border bg-muted/40 p-3 font-mono text-sm break-all select-all"
          data-testid="created-webhook-secret"
        >
          {created.secret}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          {WEBHOOKS_TEXT.copy}
        </Button>
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {WEBHOOKS_TEXT.shownOnceWarning}
        </p>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {WEBHOOKS_TEXT.verifyHint}{' '}
            <a
              href="/api/docs"
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-sky-700 underline underline-offset-4 hover:text-sky-900"
            >
              {INTEGRATIONS_TEXT.docsLink}
            </a>
            .
          </span>
        </p>
      </DialogBody>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {WEBHOOKS_TEXT.done}
        </Button>
      </DialogFooter>
    </div>
  );
}
