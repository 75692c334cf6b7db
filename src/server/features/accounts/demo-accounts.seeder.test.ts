import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env';
import { createTestApp, TEST_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { PUBLIC_PASSWORDS } from '../auth/public-passwords';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from './demo-accounts.seeder';

function signInStatus(t: TestApp, email: string, password: string) {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email, password },
    })
    .then((response) => response.statusCode);
}

describe('the demo accounts’ passwords', () => {
  it('are all listed as public, so production refuses them', () => {
    for (const account of DEMO_ACCOUNTS) expect(PUBLIC_PASSWORDS).toContain(account.password);
  });
});

describe('demo accounts in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing is sent here; production needs a mail server all the same.
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('are not seeded unless SEED=true is set explicitly', () => {
    const base = {
      APP_SECRET: TEST_ENV.APP_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: t.config.dataDir,
    };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seed).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED: 'true' }).seed).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).seed).toBe(true);
  });

  it('get random passwords, shown once, and never the ones in the repository', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    await demoAccountsSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
    await demoAccountsSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });

    expect(printed).toHaveLength(1);
    for (const account of DEMO_ACCOUNTS) {
      expect(printed[0]).not.toContain(account.password);
      // In production the repository's passwords are refused before any account is looked at.
      expect(await signInStatus(t, account.email, account.password)).toBe(403);
      const shown = new RegExp(`${account.email.replaceAll('.', '\\.')}  /  (\\S+)`).exec(
        printed[0] ?? '',
      )?.[1];
      expect(shown).toMatch(/^[\w-]{20}$/);
      expect(await signInStatus(t, account.email, shown ?? '')).toBe(200);
    }
  });
});
