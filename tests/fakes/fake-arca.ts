import type { ServerResponse } from 'node:http';
import { randomInt } from 'node:crypto';
import { listen, type FakeServer } from './fake-http';
import {
  items,
  leaf,
  part,
  readSoapRequest,
  soapFault,
  wsaaAnswer,
  wsfeAnswer,
  type Answer,
  type XmlObject,
} from './fake-arca-soap';
import {
  voucherKey,
  voucherRefusals,
  type FakeArcaMessage,
  type StoredVoucher,
} from './fake-arca-rules';
import {
  certificateCuit,
  checkTicketRequest,
  issueTicket,
  loginTicketResponse,
  verifyLoginCms,
  WsaaFault,
  type IssuedTicket,
} from './fake-arca-wsaa';

/**
 * A local WSAA and WSFEv1 on one port (`/ws/services/LoginCms`,
 * `/wsfev1/service.asmx`), speaking SOAP 1.1 as the homologation services do,
 * so the real client runs against it unchanged. It checks what ARCA checks
 * (signature, ticket, numbering, totals, VAT, the receiver) and can lose,
 * fail or delay its next WSFEv1 answer.
 */

export const WSAA_PATH = '/ws/services/LoginCms';
export const WSFE_PATH = '/wsfev1/service.asmx';
const SERVICES = ['wsfe'];

export interface FakeArcaOptions {
  port?: number;
  /** The certificate WSAA trusts (the platform's, PEM); its subject's CUIT is the issuer's. */
  trustedCertificatePem: string;
  /** The CUIT WSFEv1 accepts in Auth, when not the certificate's. */
  issuerCuit?: string;
  /** `false`: a second login while a ticket is valid gets a new one instead of WSAA's fault. */
  refuseSecondLogin?: boolean;
  now?: () => Date;
}

export interface FakeArca extends FakeServer {
  wsaaUrl: string;
  wsfeUrl: string;
  /** Authorized vouchers by `PtoVta-CbteTipo-Nro`. */
  vouchers: Map<string, StoredVoucher>;
  /** Tickets issued so far. */
  readonly logins: number;
  tickets: IssuedTicket[];
  /**
   * The next WSFEv1 request (of `operation`, when given: say `FECAESolicitar`)
   * is processed (a voucher authorized) and its connection dropped.
   */
  loseNextAnswer(operation?: WsfeOperation): void;
  /** The next WSFEv1 request (of `operation`, when given) gets this HTTP status and no SOAP answer. */
  failNext(status: number, operation?: WsfeOperation): void;
  /** The next WSFEv1 request (of `operation`, when given) is processed and answered after `ms`. */
  delayNext(ms: number, operation?: WsfeOperation): void;
  /** Every ticket issued expires now (WSFEv1 answers 600 to them; WSAA logs in again). */
  expireTickets(): void;
}

export type WsfeOperation = 'FECompUltimoAutorizado' | 'FECAESolicitar' | 'FECompConsultar';

interface NextAnswer {
  /** Only a request of this operation takes the hooks; unset: the next one. */
  operation?: WsfeOperation;
  lose: boolean;
  status: number | null;
  delayMs: number;
}

const TOKEN_INVALID: FakeArcaMessage = {
  code: 600,
  message: 'ValidacionDeToken: No validaron las firmas digitales o el token expiró.',
};
const CUIT_NOT_IN_TOKEN: FakeArcaMessage = {
  code: 601,
  message: 'CUIT representada no incluida en Token.',
};
const NO_DATA: FakeArcaMessage = {
  code: 602,
  message: 'Sin Resultados: - En la consulta de comprobantes no existen datos.',
};

/** `YYYYMMDD` in Argentina (UTC−3). */
function arcaDate(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
}

function addDays(date: string, days: number): string {
  const parsed = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T12:00:00Z`);
  return new Date(parsed.getTime() + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replace(/-/g, '');
}

function errors(list: FakeArcaMessage[]): Answer {
  return { Errors: { Err: list.map((item) => ({ Code: item.code, Msg: item.message })) } };
}

function sendXml(res: ServerResponse, status: number, xml: string) {
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
  res.end(xml);
}

export async function startFakeArca(options: FakeArcaOptions): Promise<FakeArca> {
  const now = options.now ?? (() => new Date());
  const certificateCuitValue = certificateCuit(options.trustedCertificatePem);
  const issuerCuit = options.issuerCuit ?? certificateCuitValue;
  const vouchers = new Map<string, StoredVoucher>();
  const tickets: IssuedTicket[] = [];
  let next: NextAnswer = { lose: false, status: null, delayMs: 0 };

  const validTicket = (service: string) =>
    tickets.find((ticket) => ticket.service === service && ticket.expiresAt > now());

  function login(body: XmlObject): string {
    const requestXml = verifyLoginCms(leaf(body, 'in0'), options.trustedCertificatePem);
    const service = checkTicketRequest(requestXml, now(), SERVICES);
    if (options.refuseSecondLogin !== false && validTicket(service)) {
      throw new WsaaFault(
        'coe.alreadyAuthenticated',
        'El CEE ya posee un TA valido para el acceso al WSN solicitado',
      );
    }
    const ticket = issueTicket(service, certificateCuitValue, now());
    tickets.push(ticket);
    return wsaaAnswer(loginTicketResponse(ticket, now()));
  }

  function authErrors(body: XmlObject): FakeArcaMessage[] {
    const auth = part(body, 'Auth');
    const ticket = tickets.find(
      (issued) => issued.token === leaf(auth, 'Token') && issued.sign === leaf(auth, 'Sign'),
    );
    if (!ticket || ticket.expiresAt <= now()) return [TOKEN_INVALID];
    return leaf(auth, 'Cuit') === issuerCuit ? [] : [CUIT_NOT_IN_TOKEN];
  }

  function lastNumber(pointOfSale: number, type: number): number {
    let last = 0;
    for (const voucher of vouchers.values()) {
      if (voucher.pointOfSale === pointOfSale && voucher.type === type) {
        last = Math.max(last, voucher.number);
      }
    }
    return last;
  }

  function authorize(body: XmlObject): Answer {
    const request = part(body, 'FeCAEReq');
    const header = part(request, 'FeCabReq');
    const detail = items(part(request, 'FeDetReq').FECAEDetRequest)[0] ?? {};
    const pointOfSale = Number(leaf(header, 'PtoVta'));
    const type = Number(leaf(header, 'CbteTipo'));
    const refusals = voucherRefusals(detail, {
      pointOfSale,
      type,
      lastNumber: lastNumber(pointOfSale, type),
      issuerCuit,
      held: (key) => vouchers.get(key),
    });
    const approved = refusals.length === 0 && leaf(header, 'CantReg') === '1';
    const number = Number(leaf(detail, 'CbteDesde'));
    const stored: StoredVoucher | null = approved
      ? {
          pointOfSale,
          type,
          number,
          detail,
          cae: String(randomInt(10_000_000, 99_999_999)) + String(randomInt(100_000, 999_999)),
          caeDue: addDays(leaf(detail, 'CbteFch') || arcaDate(now()), 10),
          processedAt: arcaDate(now()),
        }
      : null;
    if (stored) vouchers.set(voucherKey(pointOfSale, type, number), stored);
    const result = approved ? 'A' : 'R';
    return {
      FeCabResp: {
        Cuit: issuerCuit,
        PtoVta: pointOfSale,
        CbteTipo: type,
        FchProceso: `${arcaDate(now())}120000`,
        CantReg: 1,
        Resultado: result,
        Reproceso: 'N',
      },
      FeDetResp: {
        FECAEDetResponse: [
          {
            Concepto: leaf(detail, 'Concepto'),
            DocTipo: leaf(detail, 'DocTipo'),
            DocNro: leaf(detail, 'DocNro'),
            CbteDesde: number,
            CbteHasta: Number(leaf(detail, 'CbteHasta')),
            CbteFch: leaf(detail, 'CbteFch'),
            Resultado: result,
            Observaciones: refusals.length
              ? { Obs: refusals.map((item) => ({ Code: item.code, Msg: item.message })) }
              : undefined,
            CAE: stored?.cae ?? '',
            CAEFchVto: stored?.caeDue ?? '',
          },
        ],
      },
    };
  }

  function consult(body: XmlObject): Answer {
    const query = part(body, 'FeCompConsReq');
    const voucher = vouchers.get(
      voucherKey(
        Number(leaf(query, 'PtoVta')),
        Number(leaf(query, 'CbteTipo')),
        Number(leaf(query, 'CbteNro')),
      ),
    );
    if (!voucher) return errors([NO_DATA]);
    const { detail } = voucher;
    return {
      ResultGet: {
        ...Object.fromEntries(
          Object.entries(detail).filter(([, value]) => typeof value === 'string'),
        ),
        Resultado: 'A',
        CodAutorizacion: voucher.cae,
        EmisionTipo: 'CAE',
        FchVto: voucher.caeDue,
        FchProceso: `${voucher.processedAt}120000`,
        PtoVta: voucher.pointOfSale,
        CbteTipo: voucher.type,
      },
    } as Answer;
  }

  function wsfe(operation: string, body: XmlObject): Answer {
    if (operation === 'FEDummy') return { AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' };
    const refused = authErrors(body);
    if (refused.length > 0) return errors(refused);
    if (operation === 'FECompUltimoAutorizado') {
      const pointOfSale = Number(leaf(body, 'PtoVta'));
      const type = Number(leaf(body, 'CbteTipo'));
      return { PtoVta: pointOfSale, CbteTipo: type, CbteNro: lastNumber(pointOfSale, type) };
    }
    if (operation === 'FECAESolicitar') return authorize(body);
    if (operation === 'FECompConsultar') return consult(body);
    return errors([{ code: 500, message: `Operación desconocida: ${operation}` }]);
  }

  async function answerWsfe(res: ServerResponse, body: string) {
    const request = readSoapRequest(body);
    const applies = !next.operation || next.operation === request?.operation;
    const hooks: NextAnswer = applies ? next : { lose: false, status: null, delayMs: 0 };
    if (applies) next = { lose: false, status: null, delayMs: 0 };
    if (hooks.status !== null) {
      res.writeHead(hooks.status, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Service Unavailable</h1></body></html>');
      return;
    }
    if (!request)
      return sendXml(res, 500, soapFault('Client', 'Server was unable to read request.'));
    const xml = wsfeAnswer(request.operation, wsfe(request.operation, request.body));
    if (hooks.lose) {
      res.socket?.destroy();
      return;
    }
    if (hooks.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, hooks.delayMs));
    if (!res.destroyed) sendXml(res, 200, xml);
  }

  function answerWsaa(res: ServerResponse, body: string) {
    const request = readSoapRequest(body);
    if (!request || request.operation !== 'loginCms') {
      return sendXml(res, 500, soapFault('xml.bad', 'No se ha podido interpretar el XML'));
    }
    try {
      sendXml(res, 200, login(request.body));
    } catch (error) {
      if (!(error instanceof WsaaFault)) throw error;
      sendXml(res, 500, soapFault(error.code, error.message));
    }
  }

  const server = await listen(async (req, res, body) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === WSAA_PATH) return answerWsaa(res, body);
    if (req.method === 'POST' && path === WSFE_PATH) return answerWsfe(res, body);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  }, options.port);

  return {
    ...server,
    wsaaUrl: `${server.url}${WSAA_PATH}`,
    wsfeUrl: `${server.url}${WSFE_PATH}`,
    vouchers,
    tickets,
    get logins() {
      return tickets.length;
    },
    loseNextAnswer: (operation) => void (next = { ...next, operation, lose: true }),
    failNext: (status, operation) => void (next = { ...next, operation, status }),
    delayNext: (ms, operation) => void (next = { ...next, operation, delayMs: ms }),
    expireTickets: () => {
      for (const ticket of tickets) ticket.expiresAt = new Date(now().getTime() - 1000);
    },
  };
}
