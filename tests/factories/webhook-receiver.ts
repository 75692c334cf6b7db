import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, type FakeServer, type RecordedRequest } from '../fakes/fake-http';
import type { TestApp } from '../setup/test-app';
import { companyCall } from './pay-world';
import type { CreatedUser } from './accounts';

/**
 * A company's system on loopback, receiving webhooks: it records every POST
 * and answers what `answer` says (200 unless told), so a test can make it
 * fail, stall or redirect.
 */
export interface WebhookReceiver extends FakeServer {
  /** The events received, parsed, in arrival order. */
  events(): {
    id: string;
    type: string;
    data: { object: Record<string, unknown>; previous_status?: string };
  }[];
  answer: (request: RecordedRequest, res: ServerResponse) => Promise<void> | void;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = {} as WebhookReceiver;
  receiver.answer = (_request, res) => {
    res.writeHead(200).end('ok');
  };
  const server = await listen(async (req, res, body) => {
    const request = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
    };
    await receiver.answer(request, res);
  });
  return Object.assign(receiver, server, {
    events: () => server.requests.map((request) => JSON.parse(request.body)),
  });
}

/**
 * Checks a delivery as a company's code would: the `t` and `v1` of
 * `VendeMas-Signature`, an HMAC-SHA256 of `t.body` keyed with the secret.
 */
export function signatureValid(request: RecordedRequest, secret: string): boolean {
  const header = String(request.headers['vendemas-signature'] ?? '');
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.split('=') as [string, string]),
  );
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A webhook of `company` to `url` for `events`; its id and secret. */
export async function createWebhookFor(
  t: TestApp,
  company: CreatedUser,
  url: string,
  events: string[],
): Promise<{ id: string; secret: string }> {
  const created = await companyCall(t, company, 'POST', '/webhooks', { url, events });
  if (created.statusCode !== 201) throw new Error(`webhook: ${created.statusCode} ${created.body}`);
  return created.json() as { id: string; secret: string };
}
