import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
} from '@shared/integrations/api-keys.schema';
import { INTEGRATIONS_TEXT } from '@shared/integrations/texts';
import { ConfirmDelete } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast, toastError } from '@web/components/ui/toast-store';
import { formatDateTime, formatRelative } from '@web/lib/format-time';
import { useApiKeys, useRevokeApiKey } from '../api';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { IntegrationCard } from './integration-card';

/** The company's API keys: create one (shown once), see each one's start and use, revoke. */
export function ApiKeysCard() {
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function onRevoke(key: ApiKey) {
    try {
      await revoke.mutateAsync(key.id);
      toast({ title: API_KEY_MESSAGES.revoked, variant: 'success' });
      setRevoking(null);
    } catch (error) {
      toastError(INTEGRATIONS_TEXT.revoke, error);
    }
  }

  return (
    <IntegrationCard
      id="api-keys-title"
      title={INTEGRATIONS_TEXT.keysTitle}
      intro={INTEGRATIONS_TEXT.keysIntro}
      addLabel={INTEGRATIONS_TEXT.newKey}
      onAdd={() => setCreating(true)}
      list={list}
      empty={INTEGRATIONS_TEXT.empty}
      row={(key) => (
        <li
          key={key.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
          data-testid="api-key"
        >
          <KeyRound className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold">
              {key.name}
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-normal">
                {key.prefix}…
              </code>
            </p>
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={INTEGRATIONS_TEXT.scopesLabel}>
              {key.scopes.map((scope) => (
                <li
                  key={scope}
                  className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800"
                  title={scope}
                >
                  {API_KEY_SCOPE_LABELS[scope]}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-muted-foreground">
              {INTEGRATIONS_TEXT.createdAt}: {formatDateTime(key.created_at)} ·{' '}
              {INTEGRATIONS_TEXT.lastUsed}:{' '}
              {key.last_used_at ? formatRelative(key.last_used_at) : INTEGRATIONS_TEXT.neverUsed}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setRevoking(key)}
            aria-label={`${INTEGRATIONS_TEXT.revoke}: ${key.name}`}
          >
            {INTEGRATIONS_TEXT.revoke}
          </Button>
        </li>
      )}
    >
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDelete
        item={revoking}
        onClose={() => setRevoking(null)}
        title={INTEGRATIONS_TEXT.revokeTitle}
        describe={(key) => `${key.name} (${key.prefix}…). ${API_KEY_MESSAGES.revokeConfirm}`}
        pending={revoke.isPending}
        onConfirm={(key) => void onRevoke(key)}
        confirmLabel={INTEGRATIONS_TEXT.revoke}
      />
    </IntegrationCard>
  );
}
