import { ListChecks, Pencil, Send, Trash2, Webhook } from 'lucide-react';
import { useId } from 'react';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';

type WebhookState = 'active' | 'failing' | 'disabled_by_platform' | 'inactive';

/**
 * What the row says of a webhook: off (by the company, or by the platform
 * after 3 days of failures, API.md "Webhooks"), failing since a moment, or fine.
 */
export function webhookState(webhook: WebhookEndpoint): WebhookState {
  if (!webhook.is_active) return webhook.disabled_at ? 'disabled_by_platform' : 'inactive';
  return webhook.failing_since ? 'failing' : 'active';
}

const STATE_CLASSES: Record<WebhookState, string> = {
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  failing: 'bg-amber-100 text-amber-900 ring-amber-200',
  disabled_by_platform: 'bg-rose-100 text-rose-900 ring-rose-200',
  inactive: 'bg-slate-100 text-slate-800 ring-slate-200',
};

function stateLabel(webhook: WebhookEndpoint, state: WebhookState): string {
  if (state === 'failing')
    return WEBHOOKS_TEXT.failingSince(formatDateTime(webhook.failing_since!));
  return state === 'active' ? WEBHOOKS_TEXT.stateActive : WEBHOOKS_TEXT.stateInactive;
}

export interface WebhookActions {
  onToggle: (webhook: WebhookEndpoint, active: boolean) => void;
  onSendTest: (webhook: WebhookEndpoint) => void;
  onShowDeliveries: (webhook: WebhookEndpoint) => void;
  onEdit: (webhook: WebhookEndpoint) => void;
  onDelete: (webhook: WebhookEndpoint) => void;
}

/** One webhook: its address (wrapping on a phone), its events, its state and what can be done. */
export function WebhookItem({
  webhook,
  busy,
  actions,
}: {
  webhook: WebhookEndpoint;
  /** A change to this webhook is being saved: the switch waits for it. */
  busy: boolean;
  actions: WebhookActions;
}) {
  const switchId = useId();
  const urlId = useId();
  const state = webhookState(webhook);
  return (
    <li className="space-y-3 px-4 py-4" data-testid="webhook">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <Webhook
          className="mt-0.5 hidden size-5 shrink-0 text-muted-foreground sm:block"
          aria-hidden
        />
        <div className="min-w-0 flex-1 basis-64">
          <p
            id={urlId}
            className="font-mono text-sm font-semibold break-all"
            data-testid="webhook-url"
          >
            {webhook.url}
          </p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={WEBHOOKS_TEXT.eventsLabel}>
            {webhook.events.map((type) => (
              <li
                key={type}
                className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800"
                title={type}
              >
                {WEBHOOK_EVENT_LABELS[type]}
              </li>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span
              className={cn(
                'inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset',
                STATE_CLASSES[state],
              )}
              data-testid="webhook-state"
            >
              {stateLabel(webhook, state)}
            </span>
            <span>
              {WEBHOOKS_TEXT.createdAt}: {formatDateTime(webhook.created_at)}
            </span>
          </p>
          {state === 'failing' ? (
            <p className="mt-1.5 text-xs text-amber-900">{WEBHOOKS_TEXT.failingHint}</p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={webhook.is_active}
            disabled={busy}
            aria-describedby={urlId}
            onCheckedChange={(checked) => actions.onToggle(webhook, checked)}
          />
          <Label htmlFor={switchId} className="text-sm">
            {WEBHOOKS_TEXT.receiveEvents}
          </Label>
        </div>
      </div>
      {state === 'disabled_by_platform' ? (
        <div
          data-testid="webhook-disabled-notice"
          className="flex flex-col gap-3 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{WEBHOOKS_TEXT.disabledByPlatform(formatDateTime(webhook.disabled_at!))}</p>
          <Button
            size="sm"
            className="self-start sm:self-auto"
            disabled={busy}
            onClick={() => actions.onToggle(webhook, true)}
          >
            {WEBHOOKS_TEXT.activate}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!webhook.is_active}
          aria-describedby={urlId}
          onClick={() => actions.onSendTest(webhook)}
        >
          <Send aria-hidden />
          {WEBHOOKS_TEXT.sendTest}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={urlId}
          onClick={() => actions.onShowDeliveries(webhook)}
        >
          <ListChecks aria-hidden />
          {WEBHOOKS_TEXT.viewDeliveries}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={urlId}
          onClick={() => actions.onEdit(webhook)}
        >
          <Pencil aria-hidden />
          {WEBHOOKS_TEXT.edit}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          aria-describedby={urlId}
          onClick={() => actions.onDelete(webhook)}
        >
          <Trash2 aria-hidden />
          {WEBHOOKS_TEXT.delete}
        </Button>
      </div>
    </li>
  );
}
