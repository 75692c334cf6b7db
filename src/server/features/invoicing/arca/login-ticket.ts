import forge from 'node-forge';
import { childText, findElement, parseXml } from './arca-xml';
import type { LoginTicket } from './arca-types';

/**
 * WSAA's login: a LoginTicketRequest (who asks, for which service, for how
 * long) signed as CMS SignedData with the platform's certificate, and the
 * LoginTicketResponse it answers with the ticket (token and sign).
 */

/** The OIDs the signature names (node-forge's table is typed as possibly missing them). */
const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** How far the request's validity window reaches on each side of now (WSAA allows up to 24 h). */
const REQUEST_WINDOW_MS = 10 * 60_000;

/** `2026-12-02T17:36:27Z`: WSAA takes xsd:dateTime without milliseconds. */
export function wsaaTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function buildLoginTicketRequest(service: string, now: Date): string {
  const uniqueId = Math.floor(now.getTime() / 1000) % 2 ** 32;
  const from = new Date(now.getTime() - REQUEST_WINDOW_MS);
  const to = new Date(now.getTime() + REQUEST_WINDOW_MS);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<loginTicketRequest version="1.0">',
    `<header><uniqueId>${uniqueId}</uniqueId>`,
    `<generationTime>${wsaaTime(from)}</generationTime>`,
    `<expirationTime>${wsaaTime(to)}</expirationTime></header>`,
    `<service>${service}</service>`,
    '</loginTicketRequest>',
  ].join('');
}

/** CMS SignedData (content attached, SHA-256, signed attributes), DER in base64: `loginCms`'s in0. */
export function signLoginTicketRequest(
  requestXml: string,
  certificatePem: string,
  privateKeyPem: string,
): string {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(requestXml, 'utf8');
  signed.addCertificate(certificate);
  signed.addSigner({
    key: forge.pki.privateKeyFromPem(privateKeyPem),
    certificate,
    digestAlgorithm: OID.sha256,
    authenticatedAttributes: [
      { type: OID.contentType, value: OID.data },
      { type: OID.messageDigest },
      { type: OID.signingTime },
    ],
  });
  signed.sign();
  return forge.util.encode64(forge.asn1.toDer(signed.toAsn1()).getBytes());
}

/** The ticket out of `loginCmsReturn`. */
export function parseLoginTicketResponse(responseXml: string): LoginTicket {
  const root = parseXml(responseXml);
  const header = findElement(root, 'header');
  const credentials = findElement(root, 'credentials');
  const token = credentials && childText(credentials, 'token');
  const sign = credentials && childText(credentials, 'sign');
  const expiration = header && childText(header, 'expirationTime');
  const expiresAt = new Date(expiration ?? '');
  if (!token || !sign || Number.isNaN(expiresAt.getTime())) {
    throw new Error('WSAA answered a login ticket without token, sign or expiration');
  }
  return { token, sign, expiresAt };
}
