import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
} from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import { setStepUpHandler } from '@web/lib/api-client';
import {
  ACTIVE,
  FAILING,
  list,
  renderCard,
  rowOf,
  SECRET,
  SENDING,
  SWITCHED_OFF,
  TURNED_OFF,
} from '../../../../../tests/factories/webhooks-card';

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
