import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast, toastError } from '@web/components/ui/toast-store';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { useRetryWebhookDelivery, useWebhookDeliveries } from '../api';

const STATUS_CLASSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-200',
  delivered: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  failed: 'bg-rose-100 text-rose-900 ring-rose-200',
};

/** How an event reads in the log: its label, or the test event's, or its own name. */
export function webhookEventLabel(event: string): string {
  if (event === WEBHOOK_TEST_EVENT) return WEBHOOKS_TEXT.testEvent;
  return WEBHOOK_EVENT_LABELS[event as WebhookEventType] ?? event;
}

/**
 * A pending delivery whose time has come is being sent, or waits its turn
 * behind an earlier event about the same object: a retry would change nothing.
 * One waiting for its next attempt can be sent now. Nothing is sent to a
 * webhook that is off: its deliveries wait, and 'Reintentar' says why.
 */
function inProgress(delivery: WebhookDelivery, endpointActive: boolean, now: number): boolean {
  if (delivery.status !== 'pending' || !endpointActive) return false;
  return delivery.next_attempt_at === null || Date.parse(delivery.next_attempt_at) <= now;
}

/**
 * 'Ver entregas': the webhook's latest deliveries, asked again every few
 * seconds while the log is open, each with what its last attempt got and a
 * 'Reintentar' unless it is being sent right now.
 */
export function WebhookDeliveriesDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {webhook ? <DeliveryLog key={webhook.id} webhook={webhook} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ webhook }: { webhook: WebhookEndpoint }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const log = useWebhookDeliveries(webhook.id, status);
  const filters: { value: WebhookDeliveryStatus | undefined; label: string }[] = [
    { value: undefined, label: WEBHOOKS_TEXT.filterAll },
    { value: 'pending', label: WEBHOOKS_TEXT.filterPending },
    { value: 'delivered', label: WEBHOOKS_TEXT.filterDelivered },
    { value: 'failed', label: WEBHOOKS_TEXT.filterFailed },
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle>{WEBHOOKS_TEXT.deliveriesTitle}</DialogTitle>
        <DialogDescription>
          <span className="block font-mono break-all text-foreground">{webhook.url}</span>
          <span className="mt-1 block">{WEBHOOKS_TEXT.deliveriesIntro}</span>
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="space-y-4">
        {webhook.is_active ? null : (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {WEBHOOK_MESSAGES.inactive}
          </p>
        )}
        <div role="group" aria-label={WEBHOOKS_TEXT.filterLabel} className="flex flex-wrap gap-1">
          {filters.map((filter) => (
            <Button
              key={filter.label}
              type="button"
              size="sm"
              className="h-8 px-2 text-xs"
              variant={status === filter.value ? 'primary' : 'outline'}
              aria-pressed={status === filter.value}
              onClick={() => setStatus(filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </div>
        {log.isPending ? (
          <Spinner />
        ) : log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {log.error.message}
          </p>
        ) : log.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {WEBHOOKS_TEXT.deliveriesEmpty}
          </p>
        ) : (
          <ul className="space-y-3">
            {log.data.map((delivery) => (
              <DeliveryItem key={delivery.id} webhook={webhook} delivery={delivery} />
            ))}
          </ul>
        )}
      </DialogBody>
    </>
  );
}

function DeliveryItem({
  webhook,
  delivery,
}: {
  webhook: WebhookEndpoint;
  delivery: WebhookDelivery;
}) {
  const retry = useRetryWebhookDelivery();
  const label = webhookEventLabel(delivery.event);

  async function onRetry() {
    try {
      await retry.mutateAsync({ webhookId: webhook.id, deliveryId: delivery.id });
      toast({ title: WEBHOOK_MESSAGES.retried, variant: 'success' });
    } catch (error) {
      toastError(WEBHOOKS_TEXT.retry, error);
    }
  }

  const when =
    delivery.status === 'delivered' && delivery.delivered_at
      ? { term: WEBHOOKS_TEXT.deliveredAt, value: formatDateTime(delivery.delivered_at) }
      : delivery.status === 'pending' && delivery.next_attempt_at
        ? { term: WEBHOOKS_TEXT.nextAttempt, value: formatDateTime(delivery.next_attempt_at) }
        : null;

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4"
      data-testid="webhook-delivery"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold">{label}</span>
          <code className="font-mono text-xs break-all text-muted-foreground">
            {delivery.event}
          </code>
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
              STATUS_CLASSES[delivery.status],
            )}
            data-testid="delivery-status"
          >
            {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
          </span>
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-xs sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{WEBHOOKS_TEXT.attempts}</dt>
            <dd className="font-medium tabular-nums">{delivery.attempts}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{WEBHOOKS_TEXT.lastStatus}</dt>
            <dd className="font-medium tabular-nums">
              {delivery.last_status_code ?? WEBHOOKS_TEXT.noAnswer}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{WEBHOOKS_TEXT.deliveryCreatedAt}</dt>
            <dd className="font-medium tabular-nums">{formatDateTime(delivery.created_at)}</dd>
          </div>
          {when ? (
            <div>
              <dt className="text-muted-foreground">{when.term}</dt>
              <dd className="font-medium tabular-nums">{when.value}</dd>
            </div>
          ) : null}
        </dl>
        {delivery.last_error ? (
          <p className="mt-2 text-sm text-destructive" data-testid="delivery-error">
            {delivery.last_error}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end sm:w-32 sm:shrink-0">
        {inProgress(delivery, webhook.is_active, Date.now()) ? (
          <span className="text-sm text-muted-foreground">{WEBHOOKS_TEXT.sending}</span>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={retry.isPending}
            onClick={() => void onRetry()}
            aria-label={`${WEBHOOKS_TEXT.retry}: ${label}, ${formatDateTime(delivery.created_at)}`}
          >
            <RotateCw aria-hidden />
            {WEBHOOKS_TEXT.retry}
          </Button>
        )}
      </div>
    </li>
  );
}
