import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuyerOrder } from '@shared/orders/orders.schema';
import { TransferPage } from './transfer-page';

const ORDER: BuyerOrder = {
  id: '6f1c1d7e-0000-4000-8000-000000000001',
  status: 'pending_transfer',
  provider: 'transferencia',
  quantity: 1,
  total_cents: 3_300_000,
  external_reference: 'VM-ABCDEFGHJK',
  product: { id: 'p1', title: 'Mate imperial de calabaza' },
  company: { name: 'Ríos Hermanos SRL', logo_url: null },
  created_at: '2026-11-20T12:00:00.000Z',
  expires_at: '2026-11-23T12:00:00.000Z',
  transfer: {
    bankName: 'Banco de la Nación Argentina',
    accountHolder: 'Ríos Hermanos SRL',
    cbu: '0110599520000001234569',
    alias: 'rios.hermanos.mate',
    cuit: '30-71234567-1',
    instructions: 'Envía el comprobante por WhatsApp.',
    reference: 'VM-ABCDEFGHJK',
  },
};

function answer(order: BuyerOrder) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(order), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

const BANK_TEXTS = [/Datos para la transferencia/, /Escribe la referencia/, /Guarda este link/];

beforeEach(() => window.history.pushState({}, '', `/transfer/${ORDER.id}?token=secreto`));
afterEach(() => vi.unstubAllGlobals());

describe('the transfer page', () => {
  it('while the transfer is awaited: the bank details, valid definition list, amount as money', async () => {
    answer(ORDER);
    const { container } = render(<TransferPage />);
    expect(await screen.findByText(/Tu pedido espera la transferencia/)).toBeInTheDocument();
    for (const text of BANK_TEXTS) expect(screen.getByText(text)).toBeInTheDocument();
    expect(document.body.textContent).toContain('0110599520000001234569');

    // Every child of the list is a dt/dd group: a div holding only dt and dd.
    const list = container.querySelector('dl')!;
    for (const group of list.children) {
      expect(group.tagName).toBe('DIV');
      expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
    const amount = screen.getByText('Importe').closest('div')!;
    expect(amount.querySelector('dd')!.textContent?.replace(/\s/g, ' ')).toMatch(/^\$ 33\.000,00/);
  });

  it.each(['approved', 'delivered'] as const)(
    'once %s: says it is paid and shows no bank details to pay again',
    async (status) => {
      answer({ ...ORDER, status, expires_at: null });
      render(<TransferPage />);
      expect(await screen.findByText(/La empresa confirmó tu transferencia/)).toBeInTheDocument();
      for (const text of BANK_TEXTS) expect(screen.queryByText(text)).toBeNull();
      expect(document.body.textContent).not.toContain('0110599520000001234569');
      expect(screen.getByText(/no hace falta que vuelvas a transferir/)).toBeInTheDocument();
    },
  );

  it.each([
    ['expired', /venció/],
    ['refunded', /reintegrado/],
  ] as const)('once %s: says so and shows no bank details', async (status, text) => {
    answer({ ...ORDER, status, expires_at: null });
    render(<TransferPage />);
    expect(await screen.findByRole('heading', { name: ORDER.product.title })).toBeInTheDocument();
    for (const bank of BANK_TEXTS) expect(screen.queryByText(bank)).toBeNull();
    expect(document.body.textContent).not.toContain('0110599520000001234569');
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/No transfieras/)).toBeInTheDocument();
  });

  it('asks once for the reference in the concept, however the company worded its instructions', async () => {
    answer({
      ...ORDER,
      transfer: {
        ...ORDER.transfer!,
        instructions:
          'Escribe la referencia del pedido en el concepto de la transferencia. Envía el comprobante por WhatsApp.',
      },
    });
    render(<TransferPage />);
    expect(await screen.findByText(/Tu pedido espera la transferencia/)).toBeInTheDocument();
    expect(document.body.textContent?.match(/Escribe la referencia/g)).toHaveLength(1);
    expect(screen.getByText('Envía el comprobante por WhatsApp.')).toBeInTheDocument();
  });
});
