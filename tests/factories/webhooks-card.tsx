import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  WebhookDelivery,
  WebhookEndpoint,
} from '../../src/shared/integrations/webhooks.schema';
import { useToasts } from '../../src/web/components/ui/toast-store';
import { WebhooksCard } from '../../src/web/features/integrations/components/webhooks-card';

/**
 * The Integraciones webhooks card over a fake API, for its component tests:
 * webhooks in each state, deliveries in each status, and the card rendered
 * with the toasts it shows.
 */

export const ACTIVE: WebhookEndpoint = {
  id: '0b4f1c9e-0000-4000-8000-000000000001',
  url: 'https://erp.rioshermanos.com.ar/vendemas/webhooks/pedidos-y-stock-de-la-sucursal-centro',
  events: ['order.created', 'order.status_changed'],
  is_active: true,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-03-02T13:00:00Z',
};
export const FAILING: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000002',
  url: 'https://stock.example.com/hooks',
  events: ['product.out_of_stock'],
  failing_since: '2026-03-04T17:05:00Z',
};
export const TURNED_OFF: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000003',
  url: 'https://old.example.com/hooks',
  events: ['settlement.statement_ready'],
  is_active: false,
  failing_since: '2026-02-25T10:00:00Z',
  disabled_at: '2026-02-28T10:00:00Z',
};
export const SWITCHED_OFF: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000004',
  url: 'https://paused.example.com/hooks',
  is_active: false,
};

export const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS13ZWJob29rLWZvci10ZXN0cw';

export const DELIVERED: WebhookDelivery = {
  id: '41',
  event_id: 'evt_1',
  event: 'order.created',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-03-05T12:00:00Z',
  delivered_at: '2026-03-05T12:00:01Z',
};
export const FAILED: WebhookDelivery = {
  ...DELIVERED,
  id: '40',
  event_id: 'evt_0',
  event: 'order.status_changed',
  status: 'failed',
  attempts: 7,
  last_status_code: 500,
  last_error: 'El endpoint respondió 500.',
  delivered_at: null,
  created_at: '2026-03-04T09:30:00Z',
};
export const SENDING: WebhookDelivery = {
  ...DELIVERED,
  id: '42',
  event_id: 'evt_2',
  event: 'webhook.test',
  status: 'pending',
  attempts: 1,
  last_status_code: null,
  next_attempt_at: '2026-03-05T12:10:00Z',
  delivered_at: null,
  created_at: '2026-03-05T12:10:00Z',
};

export type Route = (init: RequestInit | undefined) => Response;

/** The card over a fake API: answers by "METHOD path", records every call. */
export function renderCard(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${path}`];
    if (!route)
      return Response.json({ error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 });
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <WebhooksCard />
      <Toasts />
    </QueryClientProvider>,
  );
  return calls;
}

function Toasts() {
  const toasts = useToasts();
  return (
    <p data-testid="toast">
      {toasts.map((toast) => [toast.title, toast.description].join(': ')).join('|')}
    </p>
  );
}

export const list = (webhooks: WebhookEndpoint[]) => () => Response.json(webhooks);
export const rowOf = async (url: string) =>
  (await screen.findByText(url)).closest('[data-testid="webhook"]') as HTMLElement;
