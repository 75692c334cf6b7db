import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ARCA_CUIT } from '../../../../../tests/fakes/arca-test-cert';
import type { FakeArca } from '../../../../../tests/fakes/fake-arca';
import { invoiceA, startTestArca, testClient } from '../../../../../tests/fakes/arca-test-client';
import type { ArcaInvoicing, ReceiverVatConditionId, VoucherRequest } from './arca-types';
import { centsToPesos, pesosToCents } from './wsfe-messages';

/** Vouchers through the client and the fake: what WSFEv1 approves and what it refuses. */

let arca: FakeArca;
let client: ArcaInvoicing;
beforeEach(async () => {
  arca = await startTestArca();
  client = testClient(arca);
});
afterEach(async () => {
  await arca.close();
});

const codes = async (request: VoucherRequest) => {
  const answer = await client.authorize(request);
  expect(answer.result).toBe('R');
  expect(answer.cae).toBeNull();
  return answer.observations.map((observation) => observation.code);
};

/** Letter C of 1 000,00: no VAT. */
const invoiceC = (number: number, overrides: Partial<VoucherRequest> = {}) =>
  invoiceA(number, {
    type: 11,
    totalCents: 100_000,
    netCents: 100_000,
    vatCents: 0,
    vat: null,
    receiverVatConditionId: 5,
    ...overrides,
  });

describe('ARCA client: amounts', () => {
  it('writes cents as pesos with two decimals and reads them back exactly', () => {
    expect(centsToPesos(12345)).toBe('123.45');
    expect(centsToPesos(5)).toBe('0.05');
    expect(centsToPesos(1234567)).toBe('12345.67');
    expect(pesosToCents('12345.67')).toBe(1234567);
    expect(pesosToCents(12345.67)).toBe(1234567);
    expect(pesosToCents('0.1')).toBe(10);
  });

  it('keeps every cent of a large voucher through authorize and lookup', async () => {
    const request = invoiceA(1, {
      totalCents: 1_234_567,
      netCents: 1_020_303,
      vatCents: 214_264,
      vat: { id: 5, baseCents: 1_020_303, amountCents: 214_264 },
    });
    expect((await client.authorize(request)).result).toBe('A');
    expect((await client.lookup(3, 1, 1))?.totalCents).toBe(1_234_567);
    expect(arca.vouchers.get('3-1-1')?.detail.ImpTotal).toBe('12345.67');
  });
});

describe('ARCA client: authorizing', () => {
  it('answers the last number authorized per point of sale and type', async () => {
    expect(await client.lastAuthorized(3, 1)).toBe(0);
    await client.authorize(invoiceA(1));
    await client.authorize(invoiceA(2));
    expect(await client.lastAuthorized(3, 1)).toBe(2);
    expect(await client.lastAuthorized(3, 6)).toBe(0);
    expect(await client.lastAuthorized(4, 1)).toBe(0);
  });

  it('approves a valid invoice with a 14-digit CAE due ten days after issue', async () => {
    const answer = await client.authorize(invoiceA(1));
    expect(answer).toMatchObject({ result: 'A', caeDue: '20261211', observations: [] });
    expect(answer.cae).toMatch(/^\d{14}$/);
  });

  it('finds an authorized voucher and answers null for a number it does not hold (602)', async () => {
    const { cae } = await client.authorize(invoiceA(1));
    expect(await client.lookup(3, 1, 1)).toEqual({
      pointOfSale: 3,
      type: 1,
      number: 1,
      docNumber: '20123456786',
      totalCents: 121_000,
      issueDate: '20261201',
      cae,
      caeDue: '20261211',
    });
    expect(await client.lookup(3, 1, 2)).toBeNull();
  });
});

describe('ARCA client: what WSFEv1 refuses', () => {
  it('refuses a number that is not the next one (10016)', async () => {
    expect(await codes(invoiceA(2))).toEqual([10016]);
    await client.authorize(invoiceA(1));
    expect(await codes(invoiceA(1))).toEqual([10016]);
    expect(arca.vouchers.size).toBe(1);
  });

  it('refuses a total that is not net plus VAT (10048)', async () => {
    expect(await codes(invoiceA(1, { totalCents: 121_001 }))).toContain(10048);
  });

  it('refuses VAT that is not 21 % of the net, and accepts a cent of rounding', async () => {
    const wrong = { id: 5 as const, baseCents: 100_000, amountCents: 20_998 };
    expect(await codes(invoiceA(1, { totalCents: 120_998, vatCents: 20_998, vat: wrong }))).toEqual(
      [10051],
    );
    const withinCent = { id: 5 as const, baseCents: 100_000, amountCents: 21_001 };
    const answer = await client.authorize(
      invoiceA(1, { totalCents: 121_001, vatCents: 21_001, vat: withinCent }),
    );
    expect(answer.result).toBe('A');
  });

  it('refuses VAT rates that do not add up to ImpIVA', async () => {
    const vat = { id: 5 as const, baseCents: 100_000, amountCents: 21_000 };
    expect(await codes(invoiceA(1, { totalCents: 120_000, vatCents: 20_000, vat }))).toContain(
      10023,
    );
  });

  it('refuses a receiver CUIT with a wrong check digit (10015)', async () => {
    expect(await codes(invoiceA(1, { docNumber: '20123456787' }))).toEqual([10015]);
  });

  it('refuses a voucher without the receiver VAT condition (10242)', async () => {
    const missing = undefined as unknown as ReceiverVatConditionId;
    expect(await codes(invoiceA(1, { receiverVatConditionId: missing }))).toEqual([10242]);
  });

  it('refuses a letter the receiver cannot take (10243), and accepts the ones it can', async () => {
    expect(await codes(invoiceA(1, { receiverVatConditionId: 5 }))).toEqual([10243]);
    expect(await codes(invoiceA(1, { type: 6, receiverVatConditionId: 1 }))).toEqual([10243]);
    expect((await client.authorize(invoiceA(1, { receiverVatConditionId: 6 }))).result).toBe('A');
    const b = invoiceA(1, { type: 6, receiverVatConditionId: 4 });
    expect((await client.authorize(b)).result).toBe('A');
  });

  it('refuses a credit note without an associated invoice or with one it does not hold', async () => {
    const { issueDate } = invoiceA(1);
    const associated = {
      type: 1 as const,
      pointOfSale: 3,
      number: 1,
      cuit: TEST_ARCA_CUIT,
      issueDate,
    };
    expect(await codes(invoiceA(1, { type: 3 }))).toEqual([10040]);
    expect(await codes(invoiceA(1, { type: 3, associated }))).toEqual([10041]);
    await client.authorize(invoiceA(1));
    expect((await client.authorize(invoiceA(1, { type: 3, associated }))).result).toBe('A');
  });

  it('refuses a letter C with VAT (10071) and approves it without', async () => {
    const withVat = invoiceC(1, {
      totalCents: 121_000,
      vatCents: 21_000,
      vat: { id: 5, baseCents: 100_000, amountCents: 21_000 },
    });
    expect(await codes(withVat)).toEqual([10071]);
    expect((await client.authorize(invoiceC(1))).result).toBe('A');
  });

  it('refuses services without their period and payment due date (10035)', async () => {
    expect(await codes(invoiceA(1, { serviceFrom: '' }))).toEqual([10035]);
    expect(await codes(invoiceA(1, { paymentDue: '' }))).toEqual([10035]);
  });
});
