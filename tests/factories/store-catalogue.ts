import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StoreCatalogueFile } from '@shared/store/store-import.schema';
import type { Database } from '../../src/server/db/client';
import { importStoreCatalogue } from '../../src/server/features/store-catalogue/store-import.service';

/** Test data: a small catalogue written through the real importer. */
export async function seedTestCatalogue(db: Database) {
  const file = StoreCatalogueFile.parse({
    products: [
      {
        id: 'lamp',
        title: 'Walnut Desk Lamp',
        subtitle: 'Warm light for late work',
        ribbon_text: 'Sale',
        description: '<p>A lamp.</p>',
        order: 1,
        site_product_selection: 'lowest_price_first',
        images: [{ url: '/catalogue/lamp-1.svg' }, { url: '/catalogue/lamp-2.svg' }],
        options: [{ id: 'style', title: 'Style' }],
        variants: [
          {
            id: 'lamp-walnut',
            title: 'Walnut',
            prices: [{ amount: 8900, sale_amount: 6900, currency_code: 'eur' }],
            manage_inventory: true,
            inventory_quantity: 5,
            options: [{ option_id: 'style', value: 'Walnut' }],
          },
          {
            id: 'lamp-oak',
            title: 'Oak',
            image_url: '/catalogue/lamp-2.svg',
            prices: [{ amount: 7500, currency_code: 'eur' }],
            manage_inventory: true,
            inventory_quantity: 2,
            options: [{ option_id: 'style', value: 'Oak' }],
          },
        ],
        additional_info: [
          { order: 2, title: 'Care', description: '<p>Dust it.</p>' },
          { order: 1, title: 'Size', description: '<p>40 cm</p>' },
        ],
      },
      {
        id: 'mug',
        title: 'Stoneware Mug',
        order: 2,
        variants: [
          {
            id: 'mug-default',
            title: 'Default',
            prices: [{ amount: 1800, currency_code: 'eur' }],
            manage_inventory: false,
          },
        ],
      },
      {
        id: 'poster',
        title: 'Sold Out Poster',
        order: 3,
        variants: [
          {
            id: 'poster-a2',
            title: 'A2',
            prices: [{ amount: 2500, currency_code: 'eur' }],
            manage_inventory: true,
            inventory_quantity: 0,
          },
        ],
      },
      {
        id: 'sample',
        title: 'Display Sample',
        order: 4,
        purchasable: false,
        variants: [{ id: 'sample-one', title: 'One', prices: [{ amount: 100 }] }],
      },
      {
        id: 'draft',
        title: 'Draft Product',
        order: 5,
        status: 'draft',
        variants: [{ id: 'draft-one', title: 'One', prices: [{ amount: 100 }] }],
      },
    ],
  });
  await importStoreCatalogue(db, file.products);
}

export interface FakeStripe {
  url: string;
  /** Form-encoded bodies Stripe's SDK sent, by path. */
  requests: { method: string; path: string; form: URLSearchParams }[];
  sessions: Map<string, Record<string, unknown>>;
  /**
   * The buyer pays the session on Stripe's page: it becomes complete and paid
   * (`received` makes Stripe record another amount or currency than the session asked).
   */
  pay(sessionId: string, received?: { amount?: number; currency?: string }): void;
  close(): Promise<void>;
}

/** A local stand-in for the parts of Stripe's HTTP API the checkout uses. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const form = new URLSearchParams(body);
    requests.push({ method: req.method ?? 'GET', path, form });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_${counter}`;
      let amountTotal = 0;
      for (let line = 0; form.has(`line_items[${line}][quantity]`); line += 1) {
        amountTotal +=
          Number(form.get(`line_items[${line}][quantity]`)) *
          Number(form.get(`line_items[${line}][price_data][unit_amount]`));
      }
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amountTotal,
        currency: form.get('line_items[0][price_data][currency]'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: form.get('client_reference_id'),
        metadata: { store_order_id: form.get('metadata[store_order_id]') },
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        expires_at: Number(form.get('expires_at')),
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/(\w+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (session && session.status === 'open') {
        session.status = 'expired';
        return send(200, session);
      }
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      if (session) return send(200, session);
    }
    return send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    pay(sessionId, received = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        ...(received.amount === undefined ? {} : { amount_total: received.amount }),
        ...(received.currency ? { currency: received.currency } : {}),
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
