import { useState } from 'react';
import { WEBHOOK_MESSAGES, type WebhookEndpoint } from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { toast, toastError } from '@web/components/ui/toast-store';
import { useDeleteWebhook, useSendTestWebhook, useUpdateWebhook, useWebhooks } from '../api';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookItem, type WebhookActions } from './webhook-item';
import { IntegrationCard } from './integration-card';

/**
 * The company's webhooks: create one (its secret shown once), see where each
 * sends what and whether it answers, test it, read its delivery log, switch
 * it off and on, edit or delete it.
 */
export function WebhooksCard() {
  const list = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestWebhook();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [showingLogOf, setShowingLogOf] = useState<string | null>(null);
  // The log follows the list, so its notice about an inactive webhook stays true.
  const logOf = list.data?.find((webhook) => webhook.id === showingLogOf) ?? null;

  async function onToggle(webhook: WebhookEndpoint, active: boolean) {
    try {
      await update.mutateAsync({ id: webhook.id, body: { is_active: active } });
      toast({
        title: active ? WEBHOOKS_TEXT.activated : WEBHOOKS_TEXT.deactivated,
        variant: 'success',
      });
    } catch (error) {
      toastError(active ? WEBHOOKS_TEXT.activate : WEBHOOKS_TEXT.receiveEvents, error);
    }
  }

  async function onSendTest(webhook: WebhookEndpoint) {
    try {
      await sendTest.mutateAsync(webhook.id);
      toast({ title: WEBHOOK_MESSAGES.testSent, variant: 'success' });
    } catch (error) {
      toastError(WEBHOOKS_TEXT.sendTest, error);
    }
  }

  const actions: WebhookActions = {
    onToggle: (webhook, active) => void onToggle(webhook, active),
    onSendTest: (webhook) => void onSendTest(webhook),
    onShowDeliveries: (webhook) => setShowingLogOf(webhook.id),
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  async function onConfirmDelete(webhook: WebhookEndpoint) {
    try {
      await remove.mutateAsync(webhook.id);
      toast({ title: WEBHOOK_MESSAGES.deleted, variant: 'success' });
      setDeleting(null);
    } catch (error) {
      toastError(WEBHOOKS_TEXT.delete, error);
    }
  }

  return (
    <IntegrationCard
      id="webhooks-title"
      title={WEBHOOKS_TEXT.title}
      intro={WEBHOOKS_TEXT.intro}
      addLabel={WEBHOOKS_TEXT.newWebhook}
      onAdd={() => setCreating(true)}
      list={list}
      empty={WEBHOOKS_TEXT.empty}
      row={(webhook) => (
        <WebhookItem
          key={webhook.id}
          webhook={webhook}
          busy={update.isPending && update.variables.id === webhook.id}
          actions={actions}
        />
      )}
    >
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
      <EditWebhookDialog webhook={editing} onClose={() => setEditing(null)} />
      <WebhookDeliveriesDialog webhook={logOf} onClose={() => setShowingLogOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={WEBHOOKS_TEXT.deleteTitle}
        description={
          deleting ? (
            <>
              <span className="block font-mono break-all text-foreground">{deleting.url}</span>
              <span className="mt-2 block">{WEBHOOK_MESSAGES.deleteConfirm}</span>
            </>
          ) : undefined
        }
        pending={remove.isPending}
        onConfirm={() => deleting && void onConfirmDelete(deleting)}
        confirmLabel={WEBHOOKS_TEXT.delete}
      />
    </IntegrationCard>
  );
}
