/**
 * What the invoicing feature needs from ARCA's electronic-invoice services
 * (WSAA to log in, WSFEv1 to authorize), in the platform's own terms: money in
 * integer cents, dates as ARCA writes them (`YYYYMMDD`). The SOAP client in
 * this folder speaks to the real services (or to the local fake the tests and
 * development use); the invoicing run only sees this interface.
 */

/** ARCA's voucher types: A invoice 1, A credit note 3, B 6 and 8, C 11 and 13. */
export type VoucherType = 1 | 3 | 6 | 8 | 11 | 13;

/** The receiver's VAT condition as WSFEv1 numbers it (CondicionIVAReceptorId). */
export type ReceiverVatConditionId = 1 | 4 | 5 | 6;

/** A date as ARCA writes it: `YYYYMMDD`. */
export type ArcaDate = string;

export interface AssociatedVoucher {
  type: VoucherType;
  pointOfSale: number;
  number: number;
  /** The issuer's CUIT (11 digits). */
  cuit: string;
  issueDate: ArcaDate;
}

/** One voucher to authorize (FECAESolicitar with one detail). */
export interface VoucherRequest {
  pointOfSale: number;
  type: VoucherType;
  number: number;
  /** 2: services. */
  concept: 2;
  /** 80: CUIT. */
  docType: 80;
  /** The receiver's CUIT, 11 digits. */
  docNumber: string;
  receiverVatConditionId: ReceiverVatConditionId;
  issueDate: ArcaDate;
  serviceFrom: ArcaDate;
  serviceTo: ArcaDate;
  paymentDue: ArcaDate;
  /** ImpTotal = net + VAT, in cents. */
  totalCents: number;
  /** ImpNeto, in cents (letter C: the total). */
  netCents: number;
  /** ImpIVA, in cents (letter C: 0). */
  vatCents: number;
  /** AlicIva Id 5 (21 %) with its base and amount; absent for letter C. */
  vat: { id: 5; baseCents: number; amountCents: number } | null;
  /** CbtesAsoc: a credit note's invoice. */
  associated: AssociatedVoucher | null;
}

export interface ArcaMessage {
  code: number;
  message: string;
}

/** ARCA's answer to one voucher: approved with its CAE, or refused. */
export interface VoucherResult {
  result: 'A' | 'R';
  /** Present when approved. */
  cae: string | null;
  /** The CAE's due date, present when approved. */
  caeDue: ArcaDate | null;
  /** Obs of the detail and Errors of the answer, as ARCA wrote them. */
  observations: ArcaMessage[];
}

/** A voucher ARCA already holds (FECompConsultar). */
export interface AuthorizedVoucher {
  pointOfSale: number;
  type: VoucherType;
  number: number;
  docNumber: string;
  totalCents: number;
  issueDate: ArcaDate;
  cae: string;
  caeDue: ArcaDate;
}

export interface ArcaInvoicing {
  /** FECompUltimoAutorizado: the last number authorized (0 when none). */
  lastAuthorized(pointOfSale: number, type: VoucherType): Promise<number>;
  /** FECAESolicitar for one voucher. Throws ArcaUnavailableError when no answer came. */
  authorize(request: VoucherRequest): Promise<VoucherResult>;
  /** FECompConsultar: the voucher ARCA holds under that number, or null when none. */
  lookup(pointOfSale: number, type: VoucherType, number: number): Promise<AuthorizedVoucher | null>;
}

/**
 * The services did not answer (network, timeout, a SOAP fault of their own):
 * what was sent may or may not have been authorized, so the document stays
 * pending and is looked up before anything is sent again.
 */
export class ArcaUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArcaUnavailableError';
  }
}

/** WSAA's login ticket (Token and Sign), valid until it expires. */
export interface LoginTicket {
  token: string;
  sign: string;
  expiresAt: Date;
}

/**
 * Where login tickets are kept so every instance uses the same one (WSAA
 * refuses a second login while a ticket is valid): the database in the app,
 * memory in the client's own tests.
 */
export interface TicketStore {
  read(service: string): Promise<LoginTicket | null>;
  write(service: string, ticket: LoginTicket): Promise<void>;
  /** Runs `login` holding the service's lock across instances (one login at a time). */
  withLoginLock<T>(service: string, login: () => Promise<T>): Promise<T>;
}

/** The services refused the login or the ticket (WSAA faults, WSFE 600/601): nothing was authorized. */
export class ArcaLoginError extends ArcaUnavailableError {
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ArcaLoginError';
  }
}

/** What `createArcaClient` (arca-client.ts) needs. */
export interface ArcaClientOptions {
  /** The platform's CUIT, 11 digits. */
  cuit: string;
  /** The certificate ARCA issued and its private key, PEM. */
  certificatePem: string;
  privateKeyPem: string;
  /** `false`: homologation addresses. */
  production: boolean;
  /** Override the services' addresses (tests and development point them at the local fake). */
  wsaaUrl?: string;
  wsfeUrl?: string;
  tickets: TicketStore;
  /** Each SOAP call's timeout; 30 s by default. */
  timeoutMs?: number;
  now?: () => Date;
}
