import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';

describe('the application shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { STORE_ID: 'otra-tienda', SUPPORT_WHATSAPP: '+54 9 351 400-0000' },
      (config) => {
        const webDir = path.join(config.dataDir, 'web');
        mkdirSync(path.join(webDir, 'assets'), { recursive: true });
        writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
        writeFileSync(
          path.join(webDir, 'pay.html'),
          '<!doctype html><html><head><title>pay entry</title></head><body><div id="root"></div></body></html>',
        );
        writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
        writeFileSync(path.join(webDir, 'terminos.pdf'), '%PDF-1.4\n');
        return { ...config, webDir };
      },
    );
    t.app.get('/api/test/explode', async () => {
      throw new Error('secret database detail');
    });
  });
  afterAll(() => t.close());

  it('reports health with the database checked', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a valid incoming request id', async () => {
    const response = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123-def-456' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123-def-456');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'La ruta solicitada no existe.' },
    });
  });

  it('hides the details of a server error', async () => {
    const response = await t.app.inject('/api/test/explode');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('serves index.html for client routes so the SPA decides', async () => {
    for (const url of ['/', '/support', '/some/unknown/path?x=1']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the payment pages with their own entry, announcing the API answer they wait for', async () => {
    const cases: [string, string][] = [
      ['/pay/prod-1?ref=ab_CD-12', '/api/public/pay/prod-1?ref=ab_CD-12'],
      ['/pay/prod-1', '/api/public/pay/prod-1'],
      ['/pay/prod-1/', '/api/public/pay/prod-1'],
      ['/transfer/order-9?token=t0k', '/api/public/orders/order-9?token=t0k'],
      [
        '/success?order=order-9&token=t0k&payment_intent=pi_1&redirect_status=succeeded',
        '/api/public/orders/order-9?token=t0k&amp;payment_intent=pi_1',
      ],
      ['/pay/x?ref=%22%3E%3Cscript%3E', '/api/public/pay/x?ref=%22%3E%3Cscript%3E'],
    ];
    for (const [url, preload] of cases) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain('<title>pay entry</title>');
      expect(response.body, url).toContain(
        `<link rel="preload" as="fetch" crossorigin href="${preload}"></head>`,
      );
      expect(response.body).not.toContain('<script>');
    }
    // The storefront's own /success, and what is not a payment page, stay with the main app.
    for (const url of [
      '/success',
      '/success?order=o',
      '/pay',
      '/pay/a/b',
      '/transfer/',
      '/pay.html',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('pay entry');
      expect(response.body, url).toContain('id="vm-config"');
    }
  });

  it('writes the runtime config into index.html, so settings need no rebuild', async () => {
    for (const url of ['/', '/store', '/index.html']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      const match = /<script type="application\/json" id="vm-config">(.*?)<\/script>/.exec(
        response.body,
      );
      expect(match, url).not.toBeNull();
      expect(JSON.parse(match?.[1] ?? '{}')).toEqual({
        store_id: 'otra-tienda',
        admin_signup: false,
        support: {
          email: 'soporte@vendemas.com.ar',
          whatsapp_number: '5493514000000',
          whatsapp_display: '+54 9 351 400-0000',
        },
      });
    }
    const api = await t.app.inject('/api/public/config');
    expect(api.json()).toMatchObject({ store_id: 'otra-tienda' });
    const products = await t.app.inject('/api/store/otra-tienda/products');
    expect(products.statusCode).toBe(200);
    expect((await t.app.inject('/api/store/vendemas/products')).statusCode).toBe(404);
  });

  it('serves hashed assets with a long cache and the terms PDF as a PDF', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const pdf = await t.app.inject('/terminos.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject('/');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('serves the API docs page under a policy that works over plain http', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    const support = spec.paths['/api/public/support'].post;
    expect(support.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'email',
      'message',
    ]);
  });
});
