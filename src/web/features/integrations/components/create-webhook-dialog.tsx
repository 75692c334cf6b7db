import { ShieldCheck } from 'lucide-react';
import {
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { useCreateWebhook } from '../api';
import { CreateThenShowOnce, DocsLink, ShownOnce } from './shown-once';
import { WebhookForm } from './webhook-fields';

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
  return (
    <CreateThenShowOnce<CreatedWebhookEndpoint>
      open={open}
      onOpenChange={onOpenChange}
      form={(onCreated, onCancel) => <CreateForm onCreated={onCreated} onCancel={onCancel} />}
      shown={(created, onDone) => (
        <ShownOnce
          title={WEBHOOKS_TEXT.shownOnceTitle}
          description={WEBHOOK_MESSAGES.created}
          label={<p className="font-mono text-sm font-semibold break-all">{created.url}</p>}
          value={created.secret}
          testId="created-webhook-secret"
          copyLabel={WEBHOOKS_TEXT.copy}
          copiedMessage={WEBHOOKS_TEXT.copied}
          doneLabel={WEBHOOKS_TEXT.done}
          onDone={onDone}
        >
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {WEBHOOKS_TEXT.shownOnceWarning}
          </p>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {WEBHOOKS_TEXT.verifyHint} <DocsLink />.
            </span>
          </p>
        </ShownOnce>
      )}
    />
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
  return (
    <WebhookForm
      idPrefix="new-webhook"
      title={WEBHOOKS_TEXT.createTitle}
      description={WEBHOOKS_TEXT.createDescription}
      submitLabel={WEBHOOKS_TEXT.createSubmit}
      initial={{ url: '', events: ['order.created', 'order.status_changed'] }}
      pending={create.isPending}
      save={async (values) => onCreated(await create.mutateAsync(values))}
      onCancel={onCancel}
    />
  );
}
