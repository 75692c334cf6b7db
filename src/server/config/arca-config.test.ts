import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const PEM_CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

function arcaEnv(overrides: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vendemas-arca-'));
  writeFileSync(path.join(dir, 'arca.crt'), PEM_CERT);
  writeFileSync(path.join(dir, 'arca.key'), PEM_KEY);
  return {
    DATA_DIR: dir,
    ARCA_CUIT: '30-71642089-9',
    ARCA_CERT: path.join(dir, 'arca.crt'),
    ARCA_KEY: path.join(dir, 'arca.key'),
    ARCA_POINT_OF_SALE: '3',
    ...overrides,
  };
}

describe('ARCA configuration', () => {
  it('is off with none of the four set, and the pages still know the issuer', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vendemas-arca-')) });
    expect(config.invoicing).toMatchObject({
      arca: undefined,
      taxCondition: 'responsable_inscripto',
      production: false,
      pointOfSale: null,
      issuer: { legalName: 'VendeMás S.A.', address: null },
    });
  });

  it('reads the certificate and key the paths name, the CUIT as digits', () => {
    const config = loadConfig(
      arcaEnv({ ARCA_WSAA_URL: 'http://127.0.0.1:4010/ws/services/LoginCms' }),
    );
    expect(config.invoicing.arca).toEqual({
      cuit: '30716420899',
      certificatePem: PEM_CERT,
      privateKeyPem: PEM_KEY,
      pointOfSale: 3,
      production: false,
      wsaaUrl: 'http://127.0.0.1:4010/ws/services/LoginCms',
      wsfeUrl: undefined,
    });
  });

  it('stops the start when only some are set, a file cannot be read, or the CUIT is wrong', () => {
    expect(() => loadConfig(arcaEnv({ ARCA_KEY: '' }))).toThrow(/go together/);
    expect(() => loadConfig(arcaEnv({ ARCA_CERT: '/nonexistent/arca.crt' }))).toThrow(
      /ARCA_CERT names a file that cannot be read/,
    );
    const env = arcaEnv();
    writeFileSync(env.ARCA_KEY, 'not a key');
    expect(() => loadConfig(env)).toThrow(/ARCA_KEY is not a PEM private key/);
    expect(() => loadConfig(arcaEnv({ ARCA_CUIT: '30716420898' }))).toThrow(ConfigError);
  });

  it('never sends a production server’s documents to another address', () => {
    const config = loadConfig(
      arcaEnv({
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PLATFORM_BANK_NAME: 'Banco',
        PLATFORM_BANK_HOLDER: 'VendeMás S.A.',
        PLATFORM_BANK_CBU: '0720001400000045678918',
        PLATFORM_BANK_ALIAS: 'VENDEMAS.PAGOS',
        PLATFORM_BANK_CUIT: '30716420899',
        ARCA_PRODUCTION: 'true',
        ARCA_WSAA_URL: 'http://127.0.0.1:4010/ws/services/LoginCms',
        ARCA_WSFE_URL: 'http://127.0.0.1:4010/wsfev1/service.asmx',
      }),
    );
    expect(config.invoicing.arca).toMatchObject({
      production: true,
      wsaaUrl: undefined,
      wsfeUrl: undefined,
    });
  });
});
