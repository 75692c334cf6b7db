import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'vendemas-config-'));

describe('loadConfig', () => {
  it('gives development defaults and a persisted generated secret', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      seed: true,
      env: 'development',
    });
    expect(first.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first.appSecret);
  });

  it('requires APP_SECRET in production', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/APP_SECRET/);
  });

  it('requires SMTP_URL in production: e-mails with sign-in links never wait on disk there', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/SMTP_URL is required when NODE_ENV=production/);
    expect(loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe(
      'smtp://127.0.0.1:2525',
    );
    // Outside production the local inbox stays (listed at /dev/mail).
    expect(loadConfig({ DATA_DIR: tempDir() }).smtpUrl).toBeUndefined();
  });

  it('reads PORT, APP_URL and SEED', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      APP_URL: 'https://vendemas.com.ar/',
      SEED: 'false',
    });
    expect(config).toMatchObject({ port: 8080, appUrl: 'https://vendemas.com.ar', seed: false });
  });

  it('explains every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', APP_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*APP_SECRET|APP_SECRET[\s\S]*PORT/,
    );
  });

  it('checks the platform bank account with the real CBU, CUIT and alias rules', () => {
    const dataDir = tempDir();
    const bank = {
      PLATFORM_BANK_NAME: 'Banco Nación',
      PLATFORM_BANK_HOLDER: 'VendeMás S.A.',
      PLATFORM_BANK_CBU: '28505909 40090418135201',
      PLATFORM_BANK_ALIAS: 'vendemas.cobros',
      PLATFORM_BANK_CUIT: '30500010912',
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...bank }).store.bank).toMatchObject({
      cbu: '2850590940090418135201',
      cuit: '30-50001091-2',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ...bank, PLATFORM_BANK_CBU: '2850590940090418135202' }),
    ).toThrow(/PLATFORM_BANK_CBU/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ...bank, PLATFORM_BANK_CUIT: '30-50001091-3' }),
    ).toThrow(/PLATFORM_BANK_CUIT/);
  });

  it('gives development demo bank details that pass the same checks', async () => {
    const { isValidAlias, isValidCbu, isValidCuit } = await import('@shared/bank-data');
    const bank = loadConfig({ DATA_DIR: tempDir() }).store.bank;
    expect(bank && isValidCbu(bank.cbu) && isValidCuit(bank.cuit) && isValidAlias(bank.alias)).toBe(
      true,
    );
  });

  it('gives the platform a demo account of its own, not the demo company’s CBU or CUIT', async () => {
    const { DEMO_COMPANY_TRANSFER } = await import('../db/seed/pay-demo.seeder');
    const bank = loadConfig({ DATA_DIR: tempDir() }).store.bank!;
    const digits = (value: string) => value.replace(/\D/g, '');
    expect(digits(bank.cbu)).not.toBe(digits(DEMO_COMPANY_TRANSFER.cbu));
    expect(digits(bank.cuit)).not.toBe(digits(DEMO_COMPANY_TRANSFER.cuit));
  });
});
