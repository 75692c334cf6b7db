import { Agent } from 'node:https';
import path from 'node:path';
import { createClientAsync, type Client } from 'soap';
import { PROJECT_ROOT } from '../../../lib/project-root';
import {
  ArcaLoginError,
  ArcaUnavailableError,
  type ArcaClientOptions,
  type ArcaInvoicing,
  type LoginTicket,
  type VoucherRequest,
  type VoucherType,
} from './arca-types';
import {
  buildLoginTicketRequest,
  parseLoginTicketResponse,
  signLoginTicketRequest,
} from './login-ticket';
import {
  answerErrors,
  asObject,
  authorizeArguments,
  readAuthorizedVoucher,
  readVoucherResult,
  type SoapObject,
} from './wsfe-messages';

/**
 * The SOAP client of ARCA's WSAA (login) and WSFEv1 (vouchers), with the
 * WSDLs kept in ./wsdl. One login ticket is shared by every instance through
 * the TicketStore, because WSAA refuses a second login while one is valid.
 */

const SERVICE = 'wsfe';
// From the project root, not this module: the built server is one bundle in dist/server.
const WSDL_DIR = path.join(PROJECT_ROOT, 'src/server/features/invoicing/arca/wsdl');
const ADDRESSES = {
  homologation: {
    wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
  },
  production: {
    wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
  },
} as const;
/** A ticket this close to its expiry is not used: a call must not outlive it. */
const TICKET_MARGIN_MS = 5 * 60_000;
/** WSFEv1's answers about the ticket itself: 600 it does not validate, 601 not for this CUIT. */
const TICKET_ERRORS = new Set([600, 601]);
const ALREADY_AUTHENTICATED = 'coe.alreadyAuthenticated';
/** FECompConsultar: no voucher under that number. */
const NO_DATA = 602;

type Operation = 'FECompUltimoAutorizado' | 'FECAESolicitar' | 'FECompConsultar';
interface CallOptions {
  timeout: number;
  httpsAgent?: Agent;
}
type SoapMethod = (args: SoapObject, options: CallOptions) => Promise<unknown[]>;
interface Service {
  client: () => Promise<Client>;
  options: CallOptions;
}

interface SoapFault {
  code: string;
  message: string;
}

export function createArcaClient(options: ArcaClientOptions): ArcaInvoicing {
  const addresses = options.production ? ADDRESSES.production : ADDRESSES.homologation;
  const timeout = options.timeoutMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const wsaa = service('wsaa.wsdl', options.wsaaUrl ?? addresses.wsaa, timeout);
  const wsfe = service('wsfe.wsdl', options.wsfeUrl ?? addresses.wsfe, timeout);

  const usable = (ticket: LoginTicket | null): ticket is LoginTicket =>
    ticket !== null && ticket.expiresAt.getTime() - TICKET_MARGIN_MS > now().getTime();

  async function logIn(): Promise<LoginTicket> {
    const request = buildLoginTicketRequest(SERVICE, now());
    const cms = signLoginTicketRequest(request, options.certificatePem, options.privateKeyPem);
    const [answer] = await call(wsaa, 'loginCms', { in0: cms }).catch((error: unknown) => {
      const fault = soapFault(error);
      if (fault) throw new ArcaLoginError(`WSAA: ${fault.message}`, fault.code);
      throw unavailable('WSAA', error);
    });
    const returned = asObject(answer)?.loginCmsReturn;
    if (typeof returned !== 'string') throw new ArcaUnavailableError('WSAA: answer without ticket');
    return parseLoginTicketResponse(returned);
  }

  /** A usable ticket: the store's, or a new login under the lock (`rejected`: one WSFE refused). */
  async function ticket(rejected?: LoginTicket): Promise<LoginTicket> {
    const isFresh = (candidate: LoginTicket | null): candidate is LoginTicket =>
      usable(candidate) && candidate.token !== rejected?.token;
    const stored = await options.tickets.read(SERVICE);
    if (isFresh(stored)) return stored;
    return options.tickets.withLoginLock(SERVICE, async () => {
      // Another instance may have logged in while this one waited for the lock.
      const current = await options.tickets.read(SERVICE);
      if (isFresh(current)) return current;
      const issued = await logIn().catch(async (error: unknown) => {
        if (!(error instanceof ArcaLoginError) || error.code !== ALREADY_AUTHENTICATED) {
          throw error;
        }
        // WSAA holds a valid ticket for this certificate: the one another instance just stored.
        const again = await options.tickets.read(SERVICE);
        if (isFresh(again)) return again;
        throw error;
      });
      await options.tickets.write(SERVICE, issued);
      return issued;
    });
  }

  /** One WSFEv1 call with Auth; a ticket it refuses gets one new login and one retry. */
  async function wsfeCall(operation: Operation, args: SoapObject): Promise<SoapObject> {
    let current = await ticket();
    for (let attempt = 0; ; attempt++) {
      const auth = { Token: current.token, Sign: current.sign, Cuit: options.cuit };
      const [answer] = await call(wsfe, operation, { Auth: auth, ...args }).catch(
        (error: unknown) => {
          throw unavailable(`WSFEv1 ${operation}`, error);
        },
      );
      const result = asObject(asObject(answer)?.[`${operation}Result`]);
      if (!result) throw new ArcaUnavailableError(`WSFEv1 ${operation}: empty answer`);
      const refusal = answerErrors(result).find((error) => TICKET_ERRORS.has(error.code));
      if (!refusal) return result;
      const refused = new ArcaLoginError(`WSFEv1: ${refusal.message}`, String(refusal.code));
      if (attempt > 0) throw refused;
      current = await ticket(current).catch((error: unknown) => {
        // WSAA keeps the refused ticket valid: what to report is why WSFEv1 refused it.
        const stuck = error instanceof ArcaLoginError && error.code === ALREADY_AUTHENTICATED;
        throw stuck ? refused : error;
      });
    }
  }

  return {
    async lastAuthorized(pointOfSale: number, type: VoucherType) {
      const result = await wsfeCall('FECompUltimoAutorizado', {
        PtoVta: pointOfSale,
        CbteTipo: type,
      });
      const errors = answerErrors(result);
      if (errors.length > 0) throw arcaErrors('FECompUltimoAutorizado', errors);
      return Number(result.CbteNro ?? 0);
    },

    async authorize(request: VoucherRequest) {
      return readVoucherResult(await wsfeCall('FECAESolicitar', authorizeArguments(request)));
    },

    async lookup(pointOfSale: number, type: VoucherType, number: number) {
      const result = await wsfeCall('FECompConsultar', {
        FeCompConsReq: { CbteTipo: type, CbteNro: number, PtoVta: pointOfSale },
      });
      const errors = answerErrors(result);
      if (errors.some((error) => error.code === NO_DATA)) return null;
      if (errors.length > 0) throw arcaErrors('FECompConsultar', errors);
      return readAuthorizedVoucher(result);
    },
  };
}

/** One service: its SOAP client, made on first use and kept (a failed attempt is retried). */
function service(wsdl: string, endpoint: string, timeout: number): Service {
  let client: Promise<Client> | null = null;
  const agent = arcaAgent(endpoint);
  return {
    options: agent ? { timeout, httpsAgent: agent } : { timeout },
    client: () => {
      client ??= createClientAsync(path.join(WSDL_DIR, wsdl), { endpoint }).catch(
        (error: unknown) => {
          client = null;
          throw new ArcaUnavailableError(`ARCA: WSDL ${wsdl} unreadable: ${String(error)}`);
        },
      );
      return client;
    },
  };
}

/**
 * ARCA's own servers still negotiate 1024-bit Diffie-Hellman, which OpenSSL 3
 * refuses at its default security level ("dh key too small"): level 1 is
 * allowed for their hosts only, never for an address set to anything else.
 */
function arcaAgent(endpoint: string): Agent | undefined {
  const { protocol, hostname } = new URL(endpoint);
  if (protocol !== 'https:' || !hostname.endsWith('.afip.gov.ar')) return undefined;
  return new Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1' });
}

async function call(target: Service, operation: string, args: SoapObject) {
  const client = await target.client();
  const method = client[`${operation}Async`] as SoapMethod;
  return method.call(client, args, target.options);
}

/** The fault of a SOAP answer (HTTP 500 with a Fault body), without its namespace prefix. */
function soapFault(error: unknown): SoapFault | null {
  const root = asObject(asObject(error)?.root);
  const fault = asObject(asObject(asObject(root?.Envelope)?.Body)?.Fault);
  if (!fault) return null;
  const code = String(fault.faultcode ?? '').replace(/^.*:/, '');
  return { code, message: String(fault.faultstring ?? code) };
}

/** No usable answer: the message says where and why, never what was sent (Token, Sign). */
function unavailable(where: string, error: unknown): ArcaUnavailableError {
  const fault = soapFault(error);
  const reason = fault
    ? `${fault.code}: ${fault.message}`
    : error instanceof Error
      ? ((asObject(error)?.code as string | undefined) ?? error.message)
      : String(error);
  // No `cause`: the library's error carries the request, and with it Token and Sign.
  return new ArcaUnavailableError(`${where}: ${reason}`);
}

function arcaErrors(operation: string, errors: { code: number; message: string }[]) {
  const summary = errors.map((error) => `${error.code} ${error.message}`).join('; ');
  return new ArcaUnavailableError(`WSFEv1 ${operation}: ${summary}`);
}
