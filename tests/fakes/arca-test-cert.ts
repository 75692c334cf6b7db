import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { certificateCuit } from './fake-arca-wsaa';

/**
 * A self-signed certificate and RSA key standing for the one ARCA issues the
 * platform: its subject names the CUIT as ARCA's do (`serialNumber=CUIT …`).
 * Made once per process and CUIT, since generating a key is slow.
 */

export interface ArcaTestCertificate {
  cuit: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The platform's CUIT in tests and development (valid check digit). */
// The demo platform's (DEMO_PLATFORM_BANK), so no demo company shares it.
export const TEST_ARCA_CUIT = '30716420899';

const made = new Map<string, ArcaTestCertificate>();

/** 2048 bits, as ARCA requires; node-forge uses Node's crypto for it, well under a second. */
export function arcaTestCertificate(
  cuit = TEST_ARCA_CUIT,
  commonName = 'vendemas',
): ArcaTestCertificate {
  const key = `${cuit}/${commonName}`;
  const cached = made.get(key);
  if (cached) return cached;
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = forge.util
    .bytesToHex(forge.random.getBytesSync(8))
    .replace(/^[89a-f]/, '1');
  certificate.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  certificate.validity.notAfter = new Date(Date.now() + 2 * 365 * 24 * 3600_000);
  const subject = [
    { shortName: 'C', value: 'AR' },
    { shortName: 'O', value: 'VendeMas SA' },
    { shortName: 'CN', value: commonName },
    { name: 'serialNumber', value: `CUIT ${cuit}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const result = {
    cuit,
    certificatePem: forge.pki.certificateToPem(certificate),
    privateKeyPem: forge.pki.privateKeyToPem(keys.privateKey),
  };
  made.set(key, result);
  return result;
}

/**
 * Writes the test certificate and key as PEM files (the key readable by its
 * owner only), for an app pointed at the fake through ARCA_CERT and ARCA_KEY.
 * Files already in the directory are kept and used, so the fake and an app
 * started apart (the browser journeys, `npm run dev:arca`) trust the same pair;
 * the certificate is written last, by a rename, so it never appears without its key.
 */
export function writeArcaTestCertificate(
  directory: string,
  cuit = TEST_ARCA_CUIT,
): ArcaTestCertificate & { certificatePath: string; keyPath: string } {
  mkdirSync(directory, { recursive: true });
  const certificatePath = path.join(directory, 'arca-cert.pem');
  const keyPath = path.join(directory, 'arca-key.pem');
  if (existsSync(certificatePath) && existsSync(keyPath)) {
    const certificatePem = readFileSync(certificatePath, 'utf8');
    // A pair made for another CUIT (an older checkout) is made again.
    if (certificateCuit(certificatePem) === cuit) {
      const privateKeyPem = readFileSync(keyPath, 'utf8');
      return { cuit, certificatePem, privateKeyPem, certificatePath, keyPath };
    }
  }
  const certificate = arcaTestCertificate(cuit);
  writeFileSync(keyPath, certificate.privateKeyPem, { mode: 0o600 });
  writeFileSync(`${certificatePath}.tmp`, certificate.certificatePem);
  renameSync(`${certificatePath}.tmp`, certificatePath);
  return { ...certificate, certificatePath, keyPath };
}
