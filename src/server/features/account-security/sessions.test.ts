import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createUser, signIn } from '../../../../tests/factories/accounts';

describe("the account's open sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string, userAgent = 'Mozilla/5.0') =>
    t.app.inject({ method: 'GET', url, headers: { cookie, 'user-agent': userAgent } });
  const send = (method: 'POST' | 'DELETE', url: string, cookie: string) =>
    t.app.inject({ method, url, headers: { cookie, origin: t.config.appUrl }, payload: {} });
  const signedIn = async (cookie: string) => (await get('/api/me', cookie)).json().user !== null;

  it('lists them without tokens, marks this one, and closes one or all the others', async () => {
    const user = await createUser(t.app, { role: 'seller' });
    const laptop = user.cookie;
    const phone = await signIn(t.app, user.email, user.password);
    const tablet = await signIn(t.app, user.email, user.password);
    const stranger = await createUser(t.app, { role: 'seller' });

    const listed = await get('/api/account/sessions', laptop);
    expect(listed.statusCode).toBe(200);
    const items = listed.json() as { id: string; current: boolean }[];
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.current)).toHaveLength(1);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'created_at',
        'current',
        'id',
        'updated_at',
        'user_agent',
      ]);
    }
    // Better Auth's own list answers no token either.
    const own = await get('/api/auth/list-sessions', laptop);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(3);
    expect(own.body).not.toMatch(/"token"/);
    for (const cookie of [laptop, phone, tablet]) {
      const token = decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!);
      expect(own.body).not.toContain(token);
      expect(listed.body).not.toContain(token);
    }

    const phoneId = (await get('/api/account/sessions', phone))
      .json()
      .find((item: { current: boolean }) => item.current).id as string;
    // Another account's session is not found, and stays open.
    const foreign = await send('DELETE', `/api/account/sessions/${phoneId}`, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(SECURITY_MESSAGES.sessionNotFound);
    expect(await signedIn(phone)).toBe(true);

    expect((await send('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(true);

    expect((await send('POST', '/api/account/sessions/revoke-others', laptop)).statusCode).toBe(
      204,
    );
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(stranger.cookie)).toBe(true);
    expect((await get('/api/account/sessions', laptop)).json()).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/account/sessions', '')).statusCode).toBe(401);
    expect((await send('POST', '/api/account/sessions/revoke-others', '')).statusCode).toBe(401);
  });
});
