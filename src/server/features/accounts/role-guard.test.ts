import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createSupportMessage } from '../support/support.service';

describe('role surfaces /api/company, /api/seller, /api/admin', () => {
  let t: TestApp;
  const people = {} as Record<Role, CreatedUser>;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['company', 'seller', 'admin'] as const) {
      people[role] = await createUser(t.app, { role });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lets each role into its own surface only (403 elsewhere, 401 without a session)', async () => {
    for (const surface of ['company', 'seller', 'admin'] as const) {
      const url = `/api/${surface}/dashboard`;
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual({
        code: 'UNAUTHORIZED',
        message: ACCOUNT_MESSAGES.unauthorized,
      });
      for (const role of ['company', 'seller', 'admin'] as const) {
        const response = await get(url, people[role].cookie);
        if (role === surface) {
          expect(response.statusCode, `${role} → ${surface}`).toBe(200);
          expect(response.json()).toMatchObject({ greetingName: people[role].name, role });
        } else {
          expect(response.statusCode, `${role} → ${surface}`).toBe(403);
          expect(response.json().error).toEqual({
            code: 'FORBIDDEN',
            message: ACCOUNT_MESSAGES.forbidden,
          });
        }
      }
    }
  });

  it('treats a forged or expired cookie as no session', async () => {
    const response = await get('/api/admin/dashboard', 'vendemas.session_token=inventado.firma');
    expect(response.statusCode).toBe(401);
  });

  it('shows the admin the support messages, newest first, and nobody else', async () => {
    await createSupportMessage(t.db, {
      name: 'Primera',
      email: 'a@example.com',
      message: 'Mensaje número uno.',
    });
    await createSupportMessage(t.db, {
      name: 'Segunda',
      email: 'b@example.com',
      message: 'Mensaje número dos.',
    });
    const response = await get('/api/admin/support-messages?limit=1', people.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 2,
      messages: [{ name: 'Segunda', status: 'new' }],
    });
    const next = await get('/api/admin/support-messages?limit=1&offset=1', people.admin.cookie);
    expect(next.json().messages[0].name).toBe('Primera');
    expect((await get('/api/admin/support-messages', people.company.cookie)).statusCode).toBe(403);
    expect(
      (await get('/api/admin/support-messages?limit=500', people.admin.cookie)).statusCode,
    ).toBe(400);
  });

  it("lets an admin download a seller's identity document", async () => {
    const response = await get(
      `/api/profiles/${people.seller.id}/identity-document`,
      people.admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    const company = await get(
      `/api/profiles/${people.seller.id}/identity-document`,
      people.company.cookie,
    );
    expect(company.statusCode).toBe(403);
  });
});
