import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatArs } from '@shared/money';
import { PAY_MESSAGES, type PayPage as PayPageData } from '@shared/orders/orders.schema';
import { PayPage } from './pay-page';

// The widget itself runs in the browser journey; here it "solves" at once.
vi.mock('./components/proof-of-work-widget', () => ({
  mountProofOfWork: (_target: HTMLElement, options: { onVerified: (payload: string) => void }) => {
    setTimeout(() => options.onVerified('solved-payload'), 0);
    return () => undefined;
  },
}));

const PRODUCT_ID = '7d9e3c1a-0000-4000-8000-00000000a001';

function page(priceCents: number): PayPageData {
  return {
    product: {
      id: PRODUCT_ID,
      title: 'Yerba orgánica 1 kg',
      description: '',
      image_urls: [],
      buyer_price_cents: priceCents,
      stock: 20,
      max_quantity: 10,
    },
    company: { name: 'Yerbatera Misionera SA', logo_url: null },
    seller: null,
    methods: [{ provider: 'transferencia' }],
  };
}

type Answer = { status: number; body: unknown };

/** A fetch that answers GETs and POSTs from their own queues and records what was posted. */
function server(gets: Answer[], posts: Answer[]) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const isPost = init?.method === 'POST';
      if (isPost) posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      const next = (isPost ? posts : gets).shift();
      if (!next) throw new Error('unexpected request');
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return posted;
}

async function fillAndPay() {
  await screen.findByRole('heading', { name: 'Yerba orgánica 1 kg' });
  fireEvent.change(screen.getByLabelText('Nombre y apellido'), {
    target: { value: 'Beatriz Compradora' },
  });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'beatriz@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Una unidad más' }));
  fireEvent.click(screen.getByRole('button', { name: 'Ver datos para transferir' }));
}

const created = {
  status: 201,
  body: {
    order_id: 'o1',
    status: 'pending_transfer',
    token: 't',
    next: { kind: 'transfer', url: '/transfer/o1?token=t' },
    buyer_email_sent: true,
  },
};

describe('the pay page', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    window.history.pushState({}, '', `/pay/${PRODUCT_ID}`);
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: `/pay/${PRODUCT_ID}` });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the total it shows; when the price changed it says so and shows the new total', async () => {
    const posted = server(
      [
        { status: 200, body: page(1_100_000) },
        { status: 200, body: page(1_200_000) },
      ],
      [
        {
          status: 409,
          body: { error: { code: 'PRICE_CHANGED', message: PAY_MESSAGES.priceChanged } },
        },
      ],
    );
    render(<PayPage />);
    await fillAndPay();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAY_MESSAGES.priceChanged);
    expect(posted[0]).toMatchObject({ quantity: 2, expected_total_cents: 2_200_000 });
    // The page read the product again: the new total is on screen.
    const newTotal = formatArs(2_400_000).replace(/\s/g, ' ');
    await waitFor(() => expect(screen.getByText(newTotal)).toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the server asks for a proof of work, solves it and sends the order again with it', async () => {
    const posted = server(
      [{ status: 200, body: page(1_100_000) }],
      [
        {
          status: 428,
          body: { error: { code: 'CHALLENGE_REQUIRED', message: PAY_MESSAGES.challengeRequired } },
        },
        created,
      ],
    );
    render(<PayPage />);
    await fillAndPay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/transfer/o1?token=t'));
    expect(posted).toHaveLength(2);
    expect(posted[0]!.challenge).toBeUndefined();
    expect(posted[1]).toMatchObject({ quantity: 2, challenge: 'solved-payload' });
  });
});
