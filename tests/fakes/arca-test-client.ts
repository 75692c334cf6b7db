import { arcaTestCertificate, TEST_ARCA_CUIT } from './arca-test-cert';
import { startFakeArca, type FakeArca, type FakeArcaOptions } from './fake-arca';
import { createArcaClient } from '../../src/server/features/invoicing/arca/arca-client';
import type {
  ArcaClientOptions,
  ArcaInvoicing,
  LoginTicket,
  TicketStore,
  VoucherRequest,
} from '../../src/server/features/invoicing/arca/arca-types';

/** What the ARCA client's tests share: a memory TicketStore, the fake and a valid voucher. */

export function memoryTicketStore(): TicketStore & { tickets: Map<string, LoginTicket> } {
  const tickets = new Map<string, LoginTicket>();
  let lock: Promise<unknown> = Promise.resolve();
  return {
    tickets,
    read: async (service) => tickets.get(service) ?? null,
    write: async (service, ticket) => void tickets.set(service, ticket),
    withLoginLock: <T>(_service: string, login: () => Promise<T>) => {
      const run = lock.then(login, login);
      lock = run.catch(() => undefined);
      return run;
    },
  };
}

export const RECEIVER_CUIT = '20123456786';

export async function startTestArca(options: Partial<FakeArcaOptions> = {}): Promise<FakeArca> {
  const certificate = arcaTestCertificate();
  return startFakeArca({ trustedCertificatePem: certificate.certificatePem, ...options });
}

export function testClient(
  arca: FakeArca,
  overrides: Partial<ArcaClientOptions> = {},
): ArcaInvoicing {
  const certificate = arcaTestCertificate();
  return createArcaClient({
    cuit: TEST_ARCA_CUIT,
    certificatePem: certificate.certificatePem,
    privateKeyPem: certificate.privateKeyPem,
    production: false,
    wsaaUrl: arca.wsaaUrl,
    wsfeUrl: arca.wsfeUrl,
    tickets: memoryTicketStore(),
    timeoutMs: 5_000,
    ...overrides,
  });
}

/** An invoice A of 1 210,00 (1 000,00 + 21 % VAT) to a responsable inscripto. */
export function invoiceA(number: number, overrides: Partial<VoucherRequest> = {}): VoucherRequest {
  return {
    pointOfSale: 3,
    type: 1,
    number,
    concept: 2,
    docType: 80,
    docNumber: RECEIVER_CUIT,
    receiverVatConditionId: 1,
    issueDate: '20261201',
    serviceFrom: '20261101',
    serviceTo: '20261130',
    paymentDue: '20261211',
    totalCents: 121_000,
    netCents: 100_000,
    vatCents: 21_000,
    vat: { id: 5, baseCents: 100_000, amountCents: 21_000 },
    associated: null,
    ...overrides,
  };
}
