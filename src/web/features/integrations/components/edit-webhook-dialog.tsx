import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_MESSAGES,
  type UpdateWebhookBody,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { toast, toastError } from '@web/components/ui/toast-store';
import { useUpdateWebhook } from '../api';
import {
  parseWebhookForm,
  WebhookFields,
  webhookFieldErrors,
  type WebhookFormErrors,
} from './webhook-fields';

/** 'Editar': open while there is a webhook, closed by clearing it. */
export function EditWebhookDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {webhook ? <EditForm key={webhook.id} webhook={webhook} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Sends only what changed: a new address asks for the password again (the
 * server's step-up), new events alone do not.
 */
function EditForm({ webhook, onDone }: { webhook: WebhookEndpoint; onDone: () => void }) {
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<WebhookEventType[]>(webhook.events);
  const [errors, setErrors] = useState<WebhookFormErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseWebhookForm(url, events);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const body: UpdateWebhookBody = {};
    if (parsed.data.url !== webhook.url) body.url = parsed.data.url;
    if (parsed.data.events.join() !== webhook.events.join()) body.events = parsed.data.events;
    if (body.url === undefined && body.events === undefined) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ id: webhook.id, body });
      toast({ title: WEBHOOK_MESSAGES.updated, variant: 'success' });
      onDone();
    } catch (error) {
      const fields = webhookFieldErrors(error);
      if (fields) setErrors(fields);
      else toastError(WEBHOOKS_TEXT.editTitle, error);
    }
  }

  return (
    <DialogForm
      title={WEBHOOKS_TEXT.editTitle}
      description={WEBHOOKS_TEXT.editDescription}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onDone}
      pending={update.isPending}
      submitLabel={WEBHOOKS_TEXT.editSubmit}
      bodyClassName="space-y-4"
    >
      <WebhookFields
        idPrefix="edit-webhook"
        url={url}
        events={events}
        errors={errors}
        onUrlChange={setUrl}
        onEventsChange={setEvents}
      />
    </DialogForm>
  );
}
