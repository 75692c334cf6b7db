import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '@shared/money';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  companyCall,
  createPayWorld,
  TRANSFER_CONFIG,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

/** The meta tags' content by name or property, decoded as a crawler reads them. */
function metaTags(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    found[match[1]!] = match[2]!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return found;
}

describe('a payment link’s preview in chat apps (written into its page by the server)', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({}, (config) => {
      const webDir = path.join(config.dataDir, 'web');
      mkdirSync(webDir, { recursive: true });
      writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(
        path.join(webDir, 'pay.html'),
        '<!doctype html><html><head><title>VendeMás</title></head><body><div id="root"></div></body></html>',
      );
      return { ...config, webDir };
    });
    world = await createPayWorld(t);
  });
  afterAll(() => t?.close());

  /** The pay page of a new $ 5.000 product of `company` with this title and description. */
  const payPage = async (company: CreatedUser, title: string, description: string) => {
    const created = await companyCall(t, company, 'POST', '/products', {
      title,
      description,
      price_cents: 500_000,
      stock: 5,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1000,
    });
    expect(created.statusCode).toBe(201);
    return t.app.inject(`/pay/${created.json().id}`);
  };

  it('shows the product, its company, the price to pay and who recommends it', async () => {
    const response = await t.app.inject(`/pay/${world.productId}?ref=${world.ref}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Yerba orgánica 1 kg | Yerbatera Misionera SA</title>');
    const meta = metaTags(response.body);
    expect(meta).toMatchObject({
      'og:type': 'product',
      'og:title': 'Yerba orgánica 1 kg | Yerbatera Misionera SA',
      'og:description': `${formatArs(1_100_000)} · Te lo recomienda Sergio Vendedor. Cosecha 2026, estacionada 12 meses.`,
      'og:image': `${t.config.appUrl}/og-image.jpg`,
      'og:url': `${t.config.appUrl}/pay/${world.productId}?ref=${world.ref}`,
      'twitter:card': 'summary_large_image',
    });
    expect(meta.description).toBe(meta['og:description']);

    // Without a seller the link still sells, and says so by leaving the recommendation out.
    const plain = metaTags((await t.app.inject(`/pay/${world.productId}`)).body);
    expect(plain['og:description']).toBe(
      `${formatArs(1_100_000)}. Cosecha 2026, estacionada 12 meses.`,
    );
  });

  it('escapes what the company wrote, so it cannot add markup to the page', async () => {
    const response = await payPage(
      world.company,
      'Mate "premium" </title><script>alert(1)</script>',
      'Calabaza & virola <b>alpaca</b>',
    );
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<b>');
    expect(response.body).toContain(
      '<title>Mate &quot;premium&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Yerbatera Misionera SA</title>',
    );
    expect(metaTags(response.body)['og:title']).toBe(
      'Mate "premium" </title><script>alert(1)</script> | Yerbatera Misionera SA',
    );
  });

  it("keeps $&, $', $` and $1 in a product's and a company's text as text", async () => {
    const patterns = "$& $' $` $1";
    const company = await createUser(t.app, { role: 'company', company: `Mates ${patterns} SRL` });
    await companyCall(t, company, 'PATCH', '/settings', { provider_collector_id: '123456789' });
    await companyCall(t, company, 'POST', '/payment-methods', {
      provider: 'transferencia',
      config: TRANSFER_CONFIG,
      is_active: true,
    });
    const response = await payPage(company, `Bombilla ${patterns}`, `Alpaca ${patterns} y más`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The template once, with the product's text in it as written.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    const escaped = patterns.replace('&', '&amp;');
    expect(html).toContain(`<title>Bombilla ${escaped} | Mates ${escaped} SRL</title>`);
    const meta = metaTags(html);
    expect(meta['og:title']).toBe(`Bombilla ${patterns} | Mates ${patterns} SRL`);
    expect(meta['og:description']).toBe(`${formatArs(550_000)}. Alpaca ${patterns} y más`);
  });

  it('describes nothing for a product that cannot be sold; the page itself says why', async () => {
    for (const url of ['/pay/no-existe', `/pay/${'x'.repeat(300)}`]) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>VendeMás</title>');
      expect(response.body).not.toContain('og:title');
    }
  });
});
