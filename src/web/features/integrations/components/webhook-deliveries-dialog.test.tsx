import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES } from '@shared/integrations/webhooks.schema';
import { WEBHOOKS_TEXT } from '@shared/integrations/texts';
import {
  ACTIVE,
  DELIVERED,
  FAILED,
  list,
  renderCard,
  rowOf,
  SENDING,
  SWITCHED_OFF,
} from '../../../../../tests/factories/webhooks-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the webhook delivery log', () => {
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
});
