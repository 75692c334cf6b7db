import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { isPublicAddress, type ResolveHost } from './webhook-address';

/** One POST of one event to one endpoint. */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** How a POST ended: a status code, or why there was none (Spanish, shown in the delivery log). */
export type WebhookAnswer =
  | { ok: boolean; statusCode: number; error: string | null }
  | { ok: false; statusCode: null; error: string };

export interface WebhookSender {
  send(post: WebhookPost): Promise<WebhookAnswer>;
  close(): void;
}

export interface WebhookSenderOptions {
  /** Development and tests: any address (the agents do not filter). */
  allowPrivate: boolean;
  /** A whole attempt, from connecting to the last byte read (API.md: 10 s). */
  timeoutMs: number;
  /** Tests: a resolver of their own, so a public-looking name can point at loopback. */
  resolve?: ResolveHost;
}

/** What is read of an answer before the connection is cut; it is never stored or shown. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export const DELIVERY_ERRORS = {
  blocked: 'La dirección del endpoint resuelve a una red interna: no se envió.',
  timeout: (seconds: number) =>
    `El endpoint no respondió a tiempo (${seconds.toLocaleString('es-AR')} s).`,
  redirect: (code: number) =>
    `El endpoint respondió con una redirección (${code}); las redirecciones no se siguen.`,
  status: (code: number) => `El endpoint respondió ${code}.`,
  refused: 'El endpoint rechazó la conexión.',
  notFound: 'No se encontró el dominio del endpoint.',
  tls: 'El certificado TLS del endpoint no es válido.',
  reset: 'El endpoint cortó la conexión antes de responder.',
  other: 'No se pudo conectar con el endpoint.',
} as const;

/** A resolver as the socket's `lookup` option, for a test's own names. */
function lookupOf(resolve: ResolveHost): LookupFunction {
  type Callback = (error: unknown, address?: string | LookupAddress[], family?: number) => void;
  return ((hostname: string, options: { all?: boolean }, callback: Callback) => {
    resolve(hostname).then(
      (addresses: LookupAddress[]) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return DELIVERY_ERRORS.timeout(timeoutMs / 1000);
  }
  // request-filtering-agent refuses a non-public address with this wording.
  if (/is not allowed/.test(error.message)) return DELIVERY_ERRORS.blocked;
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return DELIVERY_ERRORS.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return DELIVERY_ERRORS.notFound;
  if (code.startsWith('ERR_TLS') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return DELIVERY_ERRORS.tls;
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'socket hang up') {
    return DELIVERY_ERRORS.reset;
  }
  return DELIVERY_ERRORS.other;
}

/**
 * Posts events with Node's own HTTP client through agents that keep
 * connections open and, outside development, refuse to connect to any address
 * that is not public: an address written in the URL is checked before
 * connecting, and a host name after its DNS lookup, on the very address the
 * socket then connects to (so a name that resolves to a public address when
 * saved and to loopback later is still refused). Redirects are never followed,
 * an answer is read up to 64 KB, and the whole attempt has `timeoutMs`.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  // As many sockets per host as a round sends (DELIVERY_DEFAULTS.batch), so no send waits
  // for a socket within its 10 s; each is kept open for the next round.
  const agentOptions = { keepAlive: true, maxSockets: 50, maxFreeSockets: 50 };
  const agents = options.allowPrivate
    ? { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) }
    : {
        http: new RequestFilteringHttpAgent(agentOptions),
        https: new RequestFilteringHttpsAgent(agentOptions),
      };
  const lookup = options.resolve ? lookupOf(options.resolve) : (dnsLookup as LookupFunction);

  function send(post: WebhookPost): Promise<WebhookAnswer> {
    const url = new URL(post.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
      return Promise.resolve({ ok: false, statusCode: null, error: DELIVERY_ERRORS.blocked });
    }
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    return new Promise<WebhookAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: WebhookAnswer) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          lookup,
          headers: {
            ...post.headers,
            'content-length': String(Buffer.byteLength(post.body)),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (response) => {
          const statusCode = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          const done = () => {
            const ok = statusCode >= 200 && statusCode < 300;
            const error = ok
              ? null
              : statusCode >= 300 && statusCode < 400
                ? DELIVERY_ERRORS.redirect(statusCode)
                : DELIVERY_ERRORS.status(statusCode);
            finish({ ok, statusCode, error });
          };
          response.on('end', done);
          response.on('close', done);
          response.on('error', () => done());
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({ ok: false, statusCode: null, error: describe(error, options.timeoutMs) }),
      );
      request.end(post.body);
    });
  }

  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
