import { BookOpen } from 'lucide-react';
import { INTEGRATIONS_TEXT } from '@shared/integrations/texts';
import { PageHeading } from '@web/components/page-heading';
import { ApiKeysCard } from './components/api-keys-card';
import { DocsLink } from './components/shown-once';
import { WebhooksCard } from './components/webhooks-card';

/**
 * Integraciones, in the company's panel: its keys to the public API and its
 * webhooks, one card per kind of connection in a column.
 */
export function IntegrationsPage() {
  return (
    <div>
      <PageHeading title={INTEGRATIONS_TEXT.pageTitle}>{INTEGRATIONS_TEXT.pageIntro}</PageHeading>
      <div className="grid gap-5">
        <ApiKeysCard />
        <WebhooksCard />
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <BookOpen className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {INTEGRATIONS_TEXT.docsHint} <DocsLink />
          </span>
        </p>
      </div>
    </div>
  );
}
