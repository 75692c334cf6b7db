import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { useToasts } from '@web/components/ui/toast-store';
import { setStepUpHandler } from '@web/lib/api-client';
import { WebhooksCard } from './webhooks-card';

const ACTIVE: WebhookEndpoint = {
  id: '0b4f1c9e-0000-4000-8000-000000000001',
  url: 'https://erp.rioshermanos.com.ar/vendemas/webhooks/pedidos-y-stock-de-la-sucursal-centro',
  events: ['order.created', 'order.status_changed'],
  is_active: true,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-03-02T13:00:00Z',
};
const FAILING: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000002',
  url: 'https://stock.example.com/hooks',
  events: ['product.out_of_stock'],
  failing_since: '2026-03-04T17:05:00Z',
};
const TURNED_OFF: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000003',
  url: 'https://old.example.com/hooks',
  events: ['settlement.statement_ready'],
  is_active: false,
  failing_since: '2026-02-25T10:00:00Z',
  disabled_at: '2026-02-28T10:00:00Z',
};
const SWITCHED_OFF: WebhookEndpoint = {
  ...ACTIVE,
  id: '0b4f1c9e-0000-4000-8000-000000000004',
  url: 'https://paused.example.com/hooks',
  is_active: false,
};

const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS13ZWJob29rLWZvci10ZXN0cw';

const DELIVERED: WebhookDelivery = {
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
const FAILED: WebhookDelivery = {
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
const SENDING: WebhookDelivery = {
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

type Route = (init: RequestInit | undefined) => Response;

/** The card over a fake API: answers by "METHOD path", records every call. */
function renderCard(routes: Record<string, Route>) {
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

const list = (webhooks: WebhookEndpoint[]) => () => Response.json(webhooks);
const rowOf = async (url: string) =>
  (await screen.findByText(url)).closest('[data-testid="webhook"]') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(null);
});

describe('WebhooksCard', () => {
  it('lists each webhook with its address, its events and whether it works', async () => {
    renderCard({
      'GET /api/company/webhooks': list([ACTIVE, FAILING, TURNED_OFF, SWITCHED_OFF]),
    });
    const active = await rowOf(ACTIVE.url);
    expect(within(active).getByTestId('webhook-state')).toHaveTextContent('Activo');
    const events = within(active).getByRole('list', { name: WEBHOOKS_TEXT.eventsLabel });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pedido creado', 'Pedido cambió de estado']);
    expect(within(active).getByRole('switch')).toBeChecked();

    const failing = await rowOf(FAILING.url);
    expect(within(failing).getByTestId('webhook-state')).toHaveTextContent(
      'Falla desde 04/03/2026 14:05',
    );
    expect(failing).toHaveTextContent(WEBHOOKS_TEXT.failingHint);

    const turnedOff = await rowOf(TURNED_OFF.url);
    expect(within(turnedOff).getByTestId('webhook-state')).toHaveTextContent('Desactivado');
    expect(within(turnedOff).getByTestId('webhook-disabled-notice')).toHaveTextContent(
      'Lo desactivamos el 28/02/2026 07:00 porque falló durante 3 días seguidos.',
    );
    expect(within(turnedOff).getByRole('switch')).not.toBeChecked();
    expect(within(turnedOff).getByRole('button', { name: WEBHOOKS_TEXT.sendTest })).toBeDisabled();

    const switchedOff = await rowOf(SWITCHED_OFF.url);
    expect(within(switchedOff).getByTestId('webhook-state')).toHaveTextContent('Desactivado');
    expect(within(switchedOff).queryByTestId('webhook-disabled-notice')).toBeNull();
    expect(within(switchedOff).queryByRole('button', { name: WEBHOOKS_TEXT.activate })).toBeNull();
  });

  it('turns a webhook the platform switched off on again with Activar', async () => {
    const calls = renderCard({
      'GET /api/company/webhooks': list([TURNED_OFF]),
      [`PATCH /api/company/webhooks/${TURNED_OFF.id}`]: () =>
        Response.json({ ...TURNED_OFF, is_active: true, disabled_at: null, failing_since: null }),
    });
    const row = await rowOf(TURNED_OFF.url);
    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.activate }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(WEBHOOKS_TEXT.activated),
    );
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/company/webhooks/${TURNED_OFF.id}`,
      body: { is_active: true },
    });
  });

  it('says so when there is no webhook', async () => {
    renderCard({ 'GET /api/company/webhooks': list([]) });
    expect(await screen.findByText(WEBHOOKS_TEXT.empty)).toBeInTheDocument();
  });

  it('shows the signing secret once after creating, behind the step-up, and never again', async () => {
    let created = false;
    let stepUps = 0;
    setStepUpHandler(async () => {
      stepUps += 1;
      return true;
    });
    let posts = 0;
    const calls = renderCard({
      'GET /api/company/webhooks': () => Response.json(created ? [ACTIVE] : []),
      'POST /api/company/webhooks': () => {
        posts += 1;
        // The first try finds the step-up lapsed, as the server answers it.
        if (posts === 1) {
          return Response.json(
            { error: { code: 'REAUTH_REQUIRED', message: 'Confirma tu contraseña.' } },
            { status: 403 },
          );
        }
        created = true;
        const { id, url, events, is_active, created_at } = ACTIVE;
        const body: CreatedWebhookEndpoint = {
          id,
          url,
          events,
          is_active,
          created_at,
          secret: SECRET,
        };
        return Response.json(body, { status: 201 });
      },
    });
    await screen.findByText(WEBHOOKS_TEXT.empty);
    fireEvent.click(screen.getByRole('button', { name: WEBHOOKS_TEXT.newWebhook }));
    const form = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.createTitle });
    fireEvent.change(within(form).getByLabelText(WEBHOOKS_TEXT.urlLabel), {
      target: { value: ` ${ACTIVE.url} ` },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Producto sin stock/ }));
    fireEvent.click(within(form).getByRole('button', { name: WEBHOOKS_TEXT.createSubmit }));

    const shown = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.shownOnceTitle });
    expect(within(shown).getByTestId('created-webhook-secret')).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent('VendeMas-Signature');
    expect(within(shown).getByRole('link', { name: 'Documentación de la API' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(stepUps).toBe(1);
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({
      url: ACTIVE.url,
      events: ['order.created', 'order.status_changed', 'product.out_of_stock'],
    });

    fireEvent.click(within(shown).getByRole('button', { name: WEBHOOKS_TEXT.done }));
    await rowOf(ACTIVE.url);
    expect(screen.queryByText(SECRET)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: WEBHOOKS_TEXT.newWebhook }));
    const again = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.createTitle });
    expect(again).not.toHaveTextContent(SECRET);
  });

  it('needs at least one event, and shows the server’s refusal of an address on its field', async () => {
    const calls = renderCard({
      'GET /api/company/webhooks': list([]),
      'POST /api/company/webhooks': () =>
        Response.json(
          { error: { code: 'WEBHOOK_URL_NOT_ALLOWED', message: WEBHOOK_MESSAGES.urlNotAllowed } },
          { status: 400 },
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: WEBHOOKS_TEXT.newWebhook }));
    const form = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.createTitle });
    const url = within(form).getByLabelText(WEBHOOKS_TEXT.urlLabel);
    fireEvent.change(url, { target: { value: 'http://10.0.0.5/hooks' } });
    for (const box of within(form).getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) fireEvent.click(box);
    }
    fireEvent.click(within(form).getByRole('button', { name: WEBHOOKS_TEXT.createSubmit }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('checkbox', { name: /Pedido creado/ }));
    fireEvent.click(within(form).getByRole('button', { name: WEBHOOKS_TEXT.createSubmit }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlNotAllowed)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(WEBHOOK_MESSAGES.urlNotAllowed);
  });

  it('shows the delivery log, and Reintentar calls the retry route of that delivery', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-05T12:10:02Z') });
    try {
      const calls = renderCard({
        'GET /api/company/webhooks': list([ACTIVE]),
        [`GET /api/company/webhooks/${ACTIVE.id}/deliveries`]: () =>
          Response.json([SENDING, DELIVERED, FAILED]),
        [`POST /api/company/webhooks/${ACTIVE.id}/deliveries/40/retry`]: () =>
          Response.json({ ...FAILED, status: 'pending' }, { status: 202 }),
      });
      const row = await rowOf(ACTIVE.url);
      fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.viewDeliveries }));
      const log = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.deliveriesTitle });
      const items = await within(log).findAllByTestId('webhook-delivery');
      expect(items).toHaveLength(3);
      const [sending, delivered, failed] = items as [HTMLElement, HTMLElement, HTMLElement];

      expect(sending).toHaveTextContent(WEBHOOKS_TEXT.testEvent);
      expect(within(sending).getByTestId('delivery-status')).toHaveTextContent('Pendiente');
      expect(sending).toHaveTextContent(WEBHOOKS_TEXT.sending);
      expect(within(sending).queryByRole('button', { name: /Reintentar/ })).toBeNull();

      expect(delivered).toHaveTextContent('Pedido creado');
      expect(within(delivered).getByTestId('delivery-status')).toHaveTextContent('Entregado');
      expect(delivered).toHaveTextContent(`${WEBHOOKS_TEXT.deliveredAt}05/03/2026 09:00`);
      expect(delivered).toHaveTextContent(`${WEBHOOKS_TEXT.lastStatus}200`);

      expect(within(failed).getByTestId('delivery-status')).toHaveTextContent('Fallido');
      expect(failed).toHaveTextContent(`${WEBHOOKS_TEXT.attempts}7`);
      expect(failed).toHaveTextContent(`${WEBHOOKS_TEXT.lastStatus}500`);
      expect(within(failed).getByTestId('delivery-error')).toHaveTextContent(
        'El endpoint respondió 500.',
      );
      expect(failed).toHaveTextContent(`${WEBHOOKS_TEXT.deliveryCreatedAt}04/03/2026 06:30`);

      fireEvent.click(within(failed).getByRole('button', { name: /Reintentar/ }));
      await waitFor(() =>
        expect(screen.getByTestId('toast')).toHaveTextContent(WEBHOOK_MESSAGES.retried),
      );
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: `/api/company/webhooks/${ACTIVE.id}/deliveries/40/retry`,
          body: undefined,
        },
      ]);

      // The open log asks again every few seconds, so the retry's outcome shows by itself.
      const reads = () =>
        calls.filter((call) => call.path === `/api/company/webhooks/${ACTIVE.id}/deliveries`)
          .length;
      const before = reads();
      await vi.advanceTimersByTimeAsync(3500);
      expect(reads()).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters the log by status', async () => {
    const calls = renderCard({
      'GET /api/company/webhooks': list([ACTIVE]),
      [`GET /api/company/webhooks/${ACTIVE.id}/deliveries`]: () =>
        Response.json([DELIVERED, FAILED]),
      [`GET /api/company/webhooks/${ACTIVE.id}/deliveries?status=failed`]: () =>
        Response.json([FAILED]),
    });
    const row = await rowOf(ACTIVE.url);
    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.viewDeliveries }));
    const log = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.deliveriesTitle });
    expect(await within(log).findAllByTestId('webhook-delivery')).toHaveLength(2);
    fireEvent.click(within(log).getByRole('button', { name: WEBHOOKS_TEXT.filterFailed }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(1));
    expect(within(log).getByRole('button', { name: WEBHOOKS_TEXT.filterFailed })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.map((call) => call.path)).toContain(
      `/api/company/webhooks/${ACTIVE.id}/deliveries?status=failed`,
    );
  });

  it('says why Reintentar did nothing on a webhook that is off', async () => {
    renderCard({
      'GET /api/company/webhooks': list([SWITCHED_OFF]),
      [`GET /api/company/webhooks/${SWITCHED_OFF.id}/deliveries`]: () => Response.json([FAILED]),
      [`POST /api/company/webhooks/${SWITCHED_OFF.id}/deliveries/40/retry`]: () =>
        Response.json(
          { error: { code: 'WEBHOOK_INACTIVE', message: WEBHOOK_MESSAGES.inactive } },
          { status: 409 },
        ),
    });
    const row = await rowOf(SWITCHED_OFF.url);
    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.viewDeliveries }));
    const log = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.deliveriesTitle });
    expect(log).toHaveTextContent(WEBHOOK_MESSAGES.inactive);
    fireEvent.click(await within(log).findByRole('button', { name: /Reintentar/ }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        `${WEBHOOKS_TEXT.retry}: ${WEBHOOK_MESSAGES.inactive}`,
      ),
    );
  });

  it('sends a test event, and deletes a webhook after asking', async () => {
    const calls = renderCard({
      'GET /api/company/webhooks': list([ACTIVE]),
      [`POST /api/company/webhooks/${ACTIVE.id}/test`]: () =>
        Response.json(SENDING, { status: 202 }),
      [`DELETE /api/company/webhooks/${ACTIVE.id}`]: () => new Response(null, { status: 204 }),
    });
    const row = await rowOf(ACTIVE.url);
    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.sendTest }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(WEBHOOK_MESSAGES.testSent),
    );

    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.delete }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(WEBHOOK_MESSAGES.deleteConfirm);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: WEBHOOKS_TEXT.delete }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(WEBHOOK_MESSAGES.deleted),
    );
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.path)).toEqual([
      `/api/company/webhooks/${ACTIVE.id}/test`,
      `/api/company/webhooks/${ACTIVE.id}`,
    ]);
  });

  it('sends only what changed when editing', async () => {
    const calls = renderCard({
      'GET /api/company/webhooks': list([ACTIVE]),
      [`PATCH /api/company/webhooks/${ACTIVE.id}`]: () =>
        Response.json({ ...ACTIVE, events: ['order.created'] }),
    });
    const row = await rowOf(ACTIVE.url);
    fireEvent.click(within(row).getByRole('button', { name: WEBHOOKS_TEXT.edit }));
    const form = await screen.findByRole('dialog', { name: WEBHOOKS_TEXT.editTitle });
    expect(within(form).getByLabelText(WEBHOOKS_TEXT.urlLabel)).toHaveValue(ACTIVE.url);
    fireEvent.click(within(form).getByRole('checkbox', { name: /Pedido cambió de estado/ }));
    fireEvent.click(within(form).getByRole('button', { name: WEBHOOKS_TEXT.editSubmit }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(WEBHOOK_MESSAGES.updated),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      events: ['order.created'],
    });
  });
});
