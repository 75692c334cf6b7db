import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlatformTaxCondition } from '@shared/invoicing/invoicing.schema';
import type { Env } from './env-schema';

/** ARCA electronic invoicing (API.md "Fiscal documents"), set when it is configured. */
export interface ArcaConfig {
  /** 11 digits. */
  cuit: string;
  certificatePem: string;
  privateKeyPem: string;
  pointOfSale: number;
  production: boolean;
  wsaaUrl: string | undefined;
  wsfeUrl: string | undefined;
}

export interface InvoicingConfig {
  /** Undefined until CUIT, certificate, key and point of sale are all set: nothing is sent. */
  arca: ArcaConfig | undefined;
  taxCondition: PlatformTaxCondition;
  production: boolean;
  pointOfSale: number | null;
  /** The issuer on the printed documents. */
  issuer: { legalName: string; address: string | null };
}

/**
 * Reads the certificate and key the paths name, so a wrong path stops the
 * start with a clear message instead of failing the first document.
 */
export function invoicingConfig(
  env: Env,
  isProduction: boolean,
  fail: (message: string) => never,
  fallbackLegalName: string,
): InvoicingConfig {
  const given = [env.ARCA_CUIT, env.ARCA_CERT, env.ARCA_KEY, env.ARCA_POINT_OF_SALE];
  const production = env.ARCA_PRODUCTION ?? false;
  const base = {
    taxCondition: env.ARCA_TAX_CONDITION,
    production,
    pointOfSale: env.ARCA_POINT_OF_SALE ?? null,
    issuer: {
      legalName: env.ARCA_LEGAL_NAME ?? fallbackLegalName,
      address: env.ARCA_ADDRESS ?? null,
    },
  };
  if (given.every((value) => value === undefined)) return { ...base, arca: undefined };
  if (!given.every((value) => value !== undefined)) {
    fail(
      'ARCA_CUIT, ARCA_CERT, ARCA_KEY and ARCA_POINT_OF_SALE go together: set all four to turn electronic invoicing on, or none.',
    );
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(path.resolve(file), 'utf8');
    } catch {
      return fail(`${name} names a file that cannot be read: ${file}`);
    }
  };
  const certificatePem = read('ARCA_CERT', env.ARCA_CERT!);
  const privateKeyPem = read('ARCA_KEY', env.ARCA_KEY!);
  if (!certificatePem.includes('BEGIN CERTIFICATE')) fail('ARCA_CERT is not a PEM certificate.');
  if (!/BEGIN (RSA |ENCRYPTED )?PRIVATE KEY/.test(privateKeyPem)) {
    fail('ARCA_KEY is not a PEM private key.');
  }
  return {
    ...base,
    arca: {
      cuit: env.ARCA_CUIT!,
      certificatePem,
      privateKeyPem,
      pointOfSale: env.ARCA_POINT_OF_SALE!,
      production,
      // As with Stripe's address: a production server only talks to ARCA itself.
      wsaaUrl: isProduction ? undefined : env.ARCA_WSAA_URL,
      wsfeUrl: isProduction ? undefined : env.ARCA_WSFE_URL,
    },
  };
}
