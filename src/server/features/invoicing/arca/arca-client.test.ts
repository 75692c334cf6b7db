import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arcaTestCertificate } from '../../../../../tests/fakes/arca-test-cert';
import type { FakeArca } from '../../../../../tests/fakes/fake-arca';
import {
  invoiceA,
  memoryTicketStore,
  startTestArca,
  testClient,
} from '../../../../../tests/fakes/arca-test-client';
import { ArcaLoginError, ArcaUnavailableError, type TicketStore } from './arca-types';

/** The client's conversation with WSAA and WSFEv1: tickets, logins and lost answers. */

let arca: FakeArca;
beforeEach(async () => {
  arca = await startTestArca();
});
afterEach(async () => {
  await arca.close();
});

/** A store whose first reads miss what another instance wrote a moment ago. */
function staleStore(store: TicketStore, staleReads: number): TicketStore {
  let reads = 0;
  return {
    ...store,
    read: async (service) => (reads++ < staleReads ? null : store.read(service)),
  };
}

describe('ARCA client: login tickets', () => {
  it('logs in once and reuses the ticket for the next calls', async () => {
    const client = testClient(arca);
    await client.lastAuthorized(3, 1);
    await client.lastAuthorized(3, 6);
    expect(arca.logins).toBe(1);
  });

  it('shares one ticket between two instances through the store', async () => {
    const tickets = memoryTicketStore();
    await testClient(arca, { tickets }).lastAuthorized(3, 1);
    await testClient(arca, { tickets }).lastAuthorized(3, 1);
    expect(arca.logins).toBe(1);
    expect(tickets.tickets.get('wsfe')?.token).toBe(arca.tickets[0]?.token);
  });

  it('logs in once across instances that ask at the same time', async () => {
    // A WSAA that would issue a second ticket: only the lock and its re-read keep it to one.
    await arca.close();
    arca = await startTestArca({ refuseSecondLogin: false });
    const tickets = memoryTicketStore();
    await Promise.all([
      testClient(arca, { tickets }).lastAuthorized(3, 1),
      testClient(arca, { tickets }).lastAuthorized(3, 1),
    ]);
    expect(arca.logins).toBe(1);
  });

  it('does not use a stored ticket about to expire', async () => {
    const tickets = memoryTicketStore();
    const expiresAt = new Date(Date.now() + 2 * 60_000);
    await tickets.write('wsfe', { token: 'old', sign: 'old', expiresAt });
    await testClient(arca, { tickets }).lastAuthorized(3, 1);
    expect(arca.logins).toBe(1);
    expect(arca.requests.filter((request) => request.path.startsWith('/wsfev1'))).toHaveLength(1);
    expect(tickets.tickets.get('wsfe')?.token).toBe(arca.tickets[0]?.token);
  });

  it('logs in again and retries when WSFEv1 refuses an expired ticket (600)', async () => {
    const client = testClient(arca);
    await client.authorize(invoiceA(1));
    arca.expireTickets();
    expect(await client.lastAuthorized(3, 1)).toBe(1);
    expect(arca.logins).toBe(2);
  });

  it('takes the stored ticket when WSAA says one is already valid', async () => {
    const tickets = memoryTicketStore();
    await testClient(arca, { tickets }).lastAuthorized(3, 1);
    const late = testClient(arca, { tickets: staleStore(tickets, 2) });
    expect(await late.lastAuthorized(3, 1)).toBe(0);
    expect(arca.logins).toBe(1);
  });

  it('reports alreadyAuthenticated when no stored ticket can be used', async () => {
    await testClient(arca).lastAuthorized(3, 1);
    const error = await testClient(arca)
      .lastAuthorized(3, 1)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArcaLoginError);
    expect((error as ArcaLoginError).code).toBe('coe.alreadyAuthenticated');
  });

  it('fails the login with a certificate WSAA does not trust', async () => {
    const other = arcaTestCertificate('30712345671', 'someone-else');
    const client = testClient(arca, {
      certificatePem: other.certificatePem,
      privateKeyPem: other.privateKeyPem,
    });
    const error = await client.lastAuthorized(3, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArcaLoginError);
    expect((error as ArcaLoginError).code).toBe('cms.cert.untrusted');
  });

  it('fails the login when the signature does not match the certificate', async () => {
    const other = arcaTestCertificate('30712345671', 'someone-else');
    const client = testClient(arca, { privateKeyPem: other.privateKeyPem });
    const error = await client.lastAuthorized(3, 1).catch((caught: unknown) => caught);
    expect((error as ArcaLoginError).code).toBe('cms.sign.invalid');
  });

  it('gives up with ArcaLoginError when the ticket is refused after a new login (601)', async () => {
    const client = testClient(arca, { cuit: '20123456786' });
    const error = await client.lastAuthorized(3, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArcaLoginError);
    expect((error as ArcaLoginError).code).toBe('601');
    expect(arca.logins).toBe(1);
  });
});

describe('ARCA client: answers that never come', () => {
  it('throws ArcaUnavailableError on a lost answer, and the lookup finds the voucher', async () => {
    const client = testClient(arca);
    await client.lastAuthorized(3, 1);
    arca.loseNextAnswer();
    const error = await client.authorize(invoiceA(1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArcaUnavailableError);
    expect(error).not.toBeInstanceOf(ArcaLoginError);
    const found = await client.lookup(3, 1, 1);
    expect(found?.cae).toBe(arca.vouchers.get('3-1-1')?.cae);
  });

  it('throws ArcaUnavailableError when the answer takes longer than the timeout', async () => {
    const client = testClient(arca, { timeoutMs: 300 });
    await client.lastAuthorized(3, 1);
    arca.delayNext(1_500);
    await expect(client.lastAuthorized(3, 1)).rejects.toBeInstanceOf(ArcaUnavailableError);
  });

  it('throws ArcaUnavailableError, not a login error, on HTTP 500', async () => {
    const client = testClient(arca);
    await client.lastAuthorized(3, 1);
    arca.failNext(500);
    const error = await client.lastAuthorized(3, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArcaUnavailableError);
    expect(error).not.toBeInstanceOf(ArcaLoginError);
    expect(await client.lastAuthorized(3, 1)).toBe(0);
  });

  it('throws ArcaUnavailableError when nothing listens', async () => {
    const client = testClient(arca);
    await arca.close();
    await expect(client.lastAuthorized(3, 1)).rejects.toBeInstanceOf(ArcaUnavailableError);
    arca = await startTestArca();
  });

  it('never puts the token or sign in an error message', async () => {
    const client = testClient(arca);
    await client.lastAuthorized(3, 1);
    arca.failNext(503);
    const error = (await client.lastAuthorized(3, 1).catch((caught: unknown) => caught)) as Error;
    const ticket = arca.tickets[0]!;
    expect(error.message).not.toContain(ticket.token);
    expect(JSON.stringify(error)).not.toContain(ticket.sign);
    expect(error.cause).toBeUndefined();
  });
});
