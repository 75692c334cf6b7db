import {
  WEBHOOK_MESSAGES,
  type UpdateWebhookBody,
  type WebhookEndpoint,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast-store';
import { useUpdateWebhook } from '../api';
import { WebhookForm } from './webhook-fields';

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
  return (
    <WebhookForm
      idPrefix="edit-webhook"
      title={WEBHOOKS_TEXT.editTitle}
      description={WEBHOOKS_TEXT.editDescription}
      submitLabel={WEBHOOKS_TEXT.editSubmit}
      initial={{ url: webhook.url, events: webhook.events }}
      pending={update.isPending}
      save={async (values) => {
        const body: UpdateWebhookBody = {};
        if (values.url !== webhook.url) body.url = values.url;
        if (values.events.join() !== webhook.events.join()) body.events = values.events;
        if (body.url !== undefined || body.events !== undefined) {
          await update.mutateAsync({ id: webhook.id, body });
          toast({ title: WEBHOOK_MESSAGES.updated, variant: 'success' });
        }
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
