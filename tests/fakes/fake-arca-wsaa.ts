import { createHash, randomBytes, verify } from 'node:crypto';
import forge from 'node-forge';
import {
  childText,
  findElement,
  parseXml,
} from '../../src/server/features/invoicing/arca/arca-xml';

/**
 * The fake WSAA's checks of a loginCms: the CMS signature (SignedData with
 * signed attributes, verified against the trusted certificate's key, since
 * node-forge signs but does not verify), then the ticket request's times and
 * service. A refusal is a fault with WSAA's own codes.
 */

export class WsaaFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface IssuedTicket {
  token: string;
  sign: string;
  service: string;
  /** The certificate's CUIT (its subject's serialNumber). */
  cuit: string;
  expiresAt: Date;
}

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SHA256 = '2.16.840.1.101.3.4.2.1';
const TICKET_HOURS = 12;
/** WSAA tolerates a request window of at most 24 h, and a clock a little ahead of its own. */
const MAX_WINDOW_MS = 24 * 3600_000;
const CLOCK_SKEW_MS = 2 * 60_000;

type Asn1 = forge.asn1.Asn1;

function children(node: Asn1 | undefined): Asn1[] {
  return node && Array.isArray(node.value) ? node.value : [];
}

function bytes(node: Asn1 | undefined): string {
  if (!node) return '';
  return typeof node.value === 'string' ? node.value : children(node).map(bytes).join('');
}

/** The signed content of a CMS in base64, after checking it was signed by `trustedPem`. */
export function verifyLoginCms(cmsBase64: string, trustedPem: string): string {
  let signedData: Asn1[];
  let signed: forge.pkcs7.PkcsSignedData;
  try {
    const root = forge.asn1.fromDer(forge.util.decode64(cmsBase64));
    signed = forge.pkcs7.messageFromAsn1(root) as forge.pkcs7.PkcsSignedData;
    signedData = children(children(children(root)[1])[0]);
  } catch {
    throw new WsaaFault('cms.bad', 'El CMS no es valido');
  }
  const content = bytes(children(children(signedData[2])[1])[0]);
  const signer = children(signedData[signedData.length - 1])[0];
  const certificate = signed.certificates[0];
  const trusted = forge.pki.certificateFromPem(trustedPem);
  if (!certificate || !sameCertificate(certificate, trusted)) {
    throw new WsaaFault('cms.cert.untrusted', 'Certificado no emitido por AC de confianza');
  }
  if (!signer || !signatureHolds(signer, content, trustedPem)) {
    throw new WsaaFault('cms.sign.invalid', 'Firma inválida o algoritmo no soportado');
  }
  return forge.util.decodeUtf8(content);
}

function sameCertificate(a: forge.pki.Certificate, b: forge.pki.Certificate): boolean {
  const der = (certificate: forge.pki.Certificate) =>
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return der(a) === der(b);
}

/** SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature. */
function signatureHolds(signer: Asn1, content: string, certificatePem: string): boolean {
  const [, , digestAlgorithm, attributes, , signature] = children(signer);
  const digestOid = forge.asn1.derToOid(bytes(children(digestAlgorithm)[0]));
  if (
    digestOid !== SHA256 ||
    !attributes ||
    attributes.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC
  ) {
    return false;
  }
  const digest = children(attributes).find(
    (attribute) => forge.asn1.derToOid(bytes(children(attribute)[0])) === MESSAGE_DIGEST,
  );
  const expected = createHash('sha256').update(Buffer.from(content, 'binary')).digest('binary');
  if (bytes(children(children(digest)[1])[0]) !== expected) return false;
  // The signature covers the attributes encoded as a SET (RFC 5652 §5.4), not as the [0] they travel in.
  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    children(attributes),
  );
  const signedBytes = Buffer.from(forge.asn1.toDer(asSet).getBytes(), 'binary');
  const publicKey = forge.pki.certificateFromPem(certificatePem).publicKey;
  const publicPem = forge.pki.publicKeyToPem(publicKey);
  return verify('sha256', signedBytes, publicPem, Buffer.from(bytes(signature), 'binary'));
}

/** The service a LoginTicketRequest asks for, after checking its times against `now`. */
export function checkTicketRequest(requestXml: string, now: Date, services: string[]): string {
  let root: Element;
  try {
    root = parseXml(requestXml);
  } catch {
    throw new WsaaFault('xml.bad', 'No se ha podido interpretar el XML contra el SCHEMA');
  }
  const header = findElement(root, 'header');
  const from = new Date(header ? (childText(header, 'generationTime') ?? '') : '');
  const to = new Date(header ? (childText(header, 'expirationTime') ?? '') : '');
  const service = childText(root, 'service') ?? '';
  if (Number.isNaN(from.getTime()) || from.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new WsaaFault(
      'xml.generationTime.invalid',
      'generationTime posee formato o dato inválido',
    );
  }
  if (
    Number.isNaN(to.getTime()) ||
    to.getTime() <= now.getTime() ||
    to.getTime() - from.getTime() > MAX_WINDOW_MS
  ) {
    throw new WsaaFault(
      'xml.expirationTime.invalid',
      'expirationTime posee formato o dato inválido',
    );
  }
  if (!services.includes(service)) {
    throw new WsaaFault('wsn.unavailable', 'El servicio informado no se encuentra disponible');
  }
  return service;
}

/** The CUIT in a certificate's subject (`serialNumber=CUIT 30712345671`). */
export function certificateCuit(certificatePem: string): string {
  const subject = forge.pki.certificateFromPem(certificatePem).subject;
  const serial = subject.getField({ name: 'serialNumber' }) as { value?: string } | null;
  return String(serial?.value ?? '').replace(/^CUIT\s*/, '');
}

export function issueTicket(service: string, cuit: string, now: Date): IssuedTicket {
  return {
    token: randomBytes(96).toString('base64'),
    sign: randomBytes(48).toString('base64'),
    service,
    cuit,
    expiresAt: new Date(now.getTime() + TICKET_HOURS * 3600_000),
  };
}

/** The LoginTicketResponse WSAA signs off with (times in Argentina's offset, as it writes them). */
export function loginTicketResponse(ticket: IssuedTicket, now: Date): string {
  const argentine = (date: Date) =>
    `${new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<loginTicketResponse version="1.0"><header>',
    '<source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source>',
    `<destination>SERIALNUMBER=CUIT ${ticket.cuit}</destination>`,
    `<uniqueId>${Math.floor(Math.random() * 2 ** 31)}</uniqueId>`,
    `<generationTime>${argentine(now)}</generationTime>`,
    `<expirationTime>${argentine(ticket.expiresAt)}</expirationTime>`,
    '</header><credentials>',
    `<token>${ticket.token}</token><sign>${ticket.sign}</sign>`,
    '</credentials></loginTicketResponse>',
  ].join('');
}
