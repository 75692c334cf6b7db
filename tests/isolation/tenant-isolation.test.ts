import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Province } from '../../src/shared/provinces';
import { argentineMonth } from '../../src/shared/time';
import { invoices } from '../../src/server/features/invoicing/invoicing.table';
import { linkCodeFor } from '../../src/server/features/orders/seller-links.service';
import { createUser, type CreatedUser } from '../factories/accounts';
import { pdfText } from '../factories/pdf-text';
import { TRANSFER_CONFIG } from '../factories/pay-world';
import { documentedRoutes, type DocumentedRoute } from '../setup/openapi-routes';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';

/**
 * Tenant isolation, generated from the OpenAPI document (STYLE.md §12, §15):
 * every GET route of the company and seller surfaces, CSV and PDF included, is
 * called as a second tenant (company B, seller B, with data of their own), with
 * path parameters, and filters such as `company_id` or `q`, filled with the
 * first tenant's real ids and values; no id, e-mail, reference or name of
 * tenant A may appear in any answer. A route added to either surface is called
 * too; one whose path parameter this file cannot fill fails until it is taught how.
 */

const SURFACES = /^\/api\/(company|seller)\//;

interface TenantSpec {
  person: string;
  company: string;
  seller: string;
  /** The one province the company ships to, and where its seller lives. */
  province: Province;
  product: string;
  sellerCbu: string;
  buyers: { name: string; email: string; phone: string }[];
}

const A: TenantSpec = {
  person: 'Amalia Alfaro',
  company: 'Aceitera Andina SA',
  seller: 'Ariel Arrieta',
  province: 'Misiones',
  product: 'Aceite de oliva Andino 500 ml',
  sellerCbu: '2850590940090418135201',
  buyers: [
    { name: 'Adela Aguirre', email: 'adela.aguirre@example.com', phone: '+54 9 376 411-1111' },
    { name: 'Anibal Acosta', email: 'anibal.acosta@example.com', phone: '+54 9 376 411-2222' },
  ],
};

const B: TenantSpec = {
  person: 'Bruno Benitez',
  company: 'Bodega del Bajo SA',
  seller: 'Belen Barrios',
  province: 'Córdoba',
  product: 'Vino tinto Bajo 750 ml',
  sellerCbu: '0110599520000001234569',
  buyers: [
    { name: 'Brenda Blanco', email: 'brenda.blanco@example.com', phone: '+54 9 351 422-1111' },
    { name: 'Benito Bustos', email: 'benito.bustos@example.com', phone: '+54 9 351 422-2222' },
  ],
};

interface Tenant {
  company: CreatedUser;
  seller: CreatedUser;
  productId: string;
  methodId: string;
  webhook: { id: string; url: string };
  apiKey: { id: string; prefix: string };
  /** An authorized invoice of the platform's commission, with the company's legal name on it. */
  invoiceId: string;
  ref: string;
  orders: { id: string; reference: string }[];
}

/**
 * What a route may show of another tenant because the product says so, not by
 * accident: the ranking lists every seller of the country by name and points.
 * Each entry names the route and the labels of the values it may show.
 */
const PUBLIC_BY_DESIGN: Record<string, string[]> = {
  'GET /api/seller/ranking': ['seller A id', 'seller A name'],
};

/**
 * GET routes that are steps of a browser flow rather than reads: connecting
 * MercadoPago redirects to the provider (404 here: the test app has neither
 * the MercadoPago application nor Stripe Connect keys), MercadoPago's
 * callback without a code and state is refused, and Stripe's is unavailable.
 * They are still read for tenant A's values.
 */
const FLOW_STEPS: Record<string, number> = {
  'GET /api/company/payment-methods/mercadopago/connect': 404,
  'GET /api/company/payment-methods/mercadopago/callback': 400,
  'GET /api/company/payment-methods/stripe/callback': 404,
};

let t: TestApp;
let a: Tenant;
let b: Tenant;

function call(
  user: CreatedUser,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.config.appUrl, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

async function ok(response: Promise<LightMyRequestResponse>, status = 200) {
  const answered = await response;
  if (answered.statusCode !== status) {
    throw new Error(`setup: ${answered.statusCode} ${answered.body}`);
  }
  return answered.json();
}

/** A company shipping to one province, its seller there, a product, transfers, two orders (one paid), a goal. */
async function createTenant(spec: TenantSpec): Promise<Tenant> {
  const company = await createUser(t.app, {
    role: 'company',
    name: spec.person,
    company: spec.company,
    shippingProvinces: [spec.province],
  });
  const seller = await createUser(t.app, {
    role: 'seller',
    name: spec.seller,
    province: spec.province,
  });
  await ok(call(company, 'PATCH', '/api/company/settings', { provider_collector_id: '123456789' }));
  const product = await ok(
    call(company, 'POST', '/api/company/products', {
      title: spec.product,
      description: `${spec.product}, de la casa.`,
      price_cents: 1_000_000,
      stock: 50,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1000,
    }),
    201,
  );
  const method = await ok(
    call(company, 'POST', '/api/company/payment-methods', {
      provider: 'transferencia',
      config: { ...TRANSFER_CONFIG, accountHolder: spec.company },
      is_active: true,
    }),
    201,
  );
  await ok(
    call(seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu: spec.sellerCbu },
    }),
  );
  await ok(
    call(seller, 'PUT', '/api/seller/goal', {
      month: argentineMonth(new Date()),
      target_sales: 3,
    }),
  );
  // A webhook (its deliveries pile up: no worker runs here) and an API key.
  const slug = spec.company.toLowerCase().replaceAll(' ', '-');
  const webhook = await ok(
    call(company, 'POST', '/api/company/webhooks', {
      url: `http://127.0.0.1:9/${slug}/pedidos`,
      events: ['order.created', 'order.status_changed'],
    }),
    201,
  );
  const apiKey = await ok(
    call(company, 'POST', '/api/company/api-keys', {
      name: `ERP ${spec.company}`,
      scopes: ['orders:read'],
    }),
    201,
  );
  const ref = await linkCodeFor(t.db, seller.id, product.id);
  const orders: Tenant['orders'] = [];
  for (const buyer of spec.buyers) {
    const placed = await ok(
      t.app.inject({
        method: 'POST',
        url: `/api/public/pay/${product.id}`,
        headers: { origin: t.config.appUrl },
        payload: { provider: 'transferencia', ref, quantity: 1, buyer },
      }),
      201,
    );
    orders.push({ id: placed.order_id, reference: '' });
  }
  // The first order is paid: it reaches the dashboards, the ledger and the statement.
  await ok(call(company, 'POST', `/api/company/orders/${orders[0]!.id}/confirm-transfer`));
  const list = await ok(call(company, 'GET', '/api/company/orders'));
  for (const order of orders) {
    order.reference = list.items.find((item: { id: string }) => item.id === order.id)
      .external_reference as string;
  }
  // The test app has no ARCA: the document is written as the run records an authorized one.
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      companyId: company.id,
      month: argentineMonth(new Date()),
      kind: 'invoice',
      letter: 'A',
      voucherType: 1,
      pointOfSale: 3,
      number: spec === A ? 1 : 2,
      totalCents: 25_000,
      netCents: 20_661,
      vatCents: 4_339,
      issuerTaxId: '30716420899',
      issuerTaxCondition: 'responsable_inscripto',
      receiverLegalName: spec.company,
      receiverTaxId: '30712345671',
      receiverTaxCondition: 'responsable_inscripto',
      status: 'authorized',
      issueDate: '2026-11-01',
      cae: '76123456789012',
      caeDue: '2026-11-11',
      issuedAt: new Date(),
    })
    .returning({ id: invoices.id });
  return {
    company,
    seller,
    productId: product.id,
    methodId: method.id,
    invoiceId: invoice!.id,
    webhook: { id: webhook.id, url: webhook.url },
    apiKey: { id: apiKey.id, prefix: apiKey.prefix },
    ref,
    orders,
  };
}

/** Every value of a tenant that another tenant must never see, by label. */
function secretsOf(tenant: Tenant, spec: TenantSpec, label: string): Map<string, string> {
  const values = new Map<string, string>([
    [`company ${label} id`, tenant.company.id],
    [`company ${label} e-mail`, tenant.company.email],
    [`company ${label} person`, spec.person],
    [`company ${label} name`, spec.company],
    [`seller ${label} id`, tenant.seller.id],
    [`seller ${label} e-mail`, tenant.seller.email],
    [`seller ${label} name`, spec.seller],
    [`seller ${label} CBU`, spec.sellerCbu],
    [`seller ${label} link code`, tenant.ref],
    [`product ${label} id`, tenant.productId],
    [`product ${label} title`, spec.product],
    [`payment method ${label} id`, tenant.methodId],
    [`webhook ${label} id`, tenant.webhook.id],
    [`webhook ${label} address`, tenant.webhook.url],
    [`API key ${label} id`, tenant.apiKey.id],
    [`API key ${label} prefix`, tenant.apiKey.prefix],
    [`invoice ${label} id`, tenant.invoiceId],
  ]);
  tenant.orders.forEach((order, index) => {
    values.set(`order ${label}${index} id`, order.id);
    values.set(`order ${label}${index} reference`, order.reference);
  });
  spec.buyers.forEach((buyer, index) => {
    values.set(`buyer ${label}${index} name`, buyer.name);
    values.set(`buyer ${label}${index} e-mail`, buyer.email);
    values.set(`buyer ${label}${index} phone`, buyer.phone);
  });
  return values;
}

function textOf(response: LightMyRequestResponse): string {
  const type = String(response.headers['content-type'] ?? '');
  return type.startsWith('application/pdf') ? pdfText(response.rawPayload) : response.body;
}

/**
 * Tenant A's value for a path parameter: the row of A that the route names.
 * A route whose parameter is not known here fails the test until it is added.
 */
function valueFor(route: DocumentedRoute, name: string): string | undefined {
  if (name === 'month') return argentineMonth(new Date());
  if (name !== 'id') return undefined;
  const segments = route.path.split('/');
  switch (segments[segments.indexOf(`{${name}}`) - 1]) {
    case 'products':
      return a.productId;
    case 'payment-methods':
      return a.methodId;
    case 'orders':
      return a.orders[0]!.id;
    case 'webhooks':
      return a.webhook.id;
    case 'invoices':
      return a.invoiceId;
    default:
      return undefined;
  }
}

/** Tenant A's value for a query filter that can name A's rows (`company_id`, a search…). */
function filterFor(name: string): string | undefined {
  switch (name) {
    case 'company_id':
      return a.company.id;
    case 'seller_id':
      return a.seller.id;
    case 'product_id':
      return a.productId;
    case 'q':
      return A.buyers[0]!.email;
    default:
      return undefined;
  }
}

describe("no company or seller route shows another tenant's data", () => {
  let routes: DocumentedRoute[];

  beforeAll(async () => {
    // Webhooks to this machine are allowed: no delivery is sent here, only their log is read.
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' });
    a = await createTenant(A);
    b = await createTenant(B);
    routes = (await documentedRoutes(t.app)).filter(
      (route) => route.method === 'GET' && SURFACES.test(route.path),
    );
  });
  afterAll(() => t?.close());

  it('reads every GET route of both surfaces from the OpenAPI document', () => {
    const paths = routes.map((route) => route.path);
    expect(paths.filter((path) => path.startsWith('/api/company/')).length).toBeGreaterThan(10);
    expect(paths.filter((path) => path.startsWith('/api/seller/')).length).toBeGreaterThan(5);
    expect(paths).toContain('/api/company/orders/export.csv');
    expect(paths).toContain('/api/company/settlements/{month}/statement.pdf');
    // Exceptions name real routes: a stale one would hide nothing, but says something false.
    for (const key of [...Object.keys(PUBLIC_BY_DESIGN), ...Object.keys(FLOW_STEPS)]) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(key);
    }
  });

  it('answers company B and seller B without any id, e-mail, reference or name of tenant A', async () => {
    const secrets = secretsOf(a, A, 'A');
    const own = secretsOf(b, B, 'B');
    const problems: string[] = [];
    const seenOwn = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const user = route.path.startsWith('/api/company/') ? b.company : b.seller;
      const values: Record<string, string> = {};
      for (const name of route.pathParams) {
        const value = valueFor(route, name);
        if (value === undefined) {
          problems.push(`${key}: no value of tenant A for {${name}}; teach valueFor()`);
        } else values[name] = value;
      }
      if (Object.keys(values).length < route.pathParams.length) continue;
      const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        encodeURIComponent(values[name]!),
      );
      // As is, then with every filter that can name tenant A's rows set to them.
      const query = new URLSearchParams(
        route.queryParams.flatMap((name) => {
          const value = filterFor(name);
          return value === undefined ? [] : [[name, value] as [string, string]];
        }),
      ).toString();
      for (const target of query ? [url, `${url}?${query}`] : [url]) {
        const response = await call(user, 'GET', target);
        // A row of another tenant is not found (API.md conventions); the rest answers.
        const namesARow = route.pathParams.some((name) => name !== 'month');
        const expected = FLOW_STEPS[key] ?? (namesARow ? 404 : 200);
        if (response.statusCode !== expected) {
          problems.push(`${key} → ${target}: ${response.statusCode} (expected ${expected})`);
        }
        const text = textOf(response);
        const allowed = new Set(PUBLIC_BY_DESIGN[key] ?? []);
        for (const [label, value] of secrets) {
          if (!allowed.has(label) && text.includes(value)) {
            problems.push(`${key} → ${target}: shows ${label} (${value})`);
          }
        }
        for (const [label, value] of own) if (text.includes(value)) seenOwn.add(label);
      }
    }
    expect(problems).toEqual([]);
    // The answers are not empty by accident: B's own data is there to be seen, in CSV and PDF too.
    for (const label of [
      'company B name',
      'seller B name',
      'product B title',
      'order B0 reference',
      'order B1 reference',
      'buyer B0 e-mail',
      'buyer B1 phone',
      'webhook B address',
    ]) {
      expect(seenOwn, label).toContain(label);
    }
  });

  it('sees B’s own data in the CSV export and the statement PDF (the checks can see)', async () => {
    const csv = await call(b.company, 'GET', '/api/company/orders/export.csv');
    expect(csv.body).toContain(B.buyers[1]!.email);
    const pdf = await call(
      b.company,
      'GET',
      `/api/company/settlements/${argentineMonth(new Date())}/statement.pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(B.company);
    expect(text).toContain(b.orders[0]!.reference);
  });
});
