import {
  ArcaUnavailableError,
  type ArcaInvoicing,
  type ArcaMessage,
  type AuthorizedVoucher,
  type VoucherRequest,
  type VoucherType,
} from '../../src/server/features/invoicing/arca/arca-types';

/**
 * ARCA's WSFEv1 in memory, for the invoicing run's own tests: numbering per
 * point of sale and type (10016 when a number is not the next), CAEs, lookups,
 * and the failures the run must survive (a refusal, an answer that never
 * arrives after the voucher was authorized, no answer at all). The SOAP client
 * and the checks ARCA makes of each field are tested against the HTTP fake
 * (tests/fakes/fake-arca.ts).
 */
export interface MemoryArca extends ArcaInvoicing {
  vouchers: (VoucherRequest & { cae: string })[];
  calls: { authorize: number; lookup: number; lastAuthorized: number };
  /** The next authorize refuses with these observations. */
  refuseNext(observations: ArcaMessage[]): void;
  /** The next authorize is authorized by ARCA but its answer is lost. */
  loseNextAnswer(): void;
  /** Every call fails as if ARCA did not answer, until `down(false)`. */
  down(isDown: boolean): void;
  /** Waits this long inside each authorize (to overlap two runs). */
  delayMs: number;
}

const key = (pointOfSale: number, type: number) => `${pointOfSale}:${type}`;

export function memoryArca(): MemoryArca {
  const last = new Map<string, number>();
  let refusal: ArcaMessage[] | null = null;
  let lose = false;
  let isDown = false;
  let serial = 0;
  const arca: MemoryArca = {
    vouchers: [],
    calls: { authorize: 0, lookup: 0, lastAuthorized: 0 },
    delayMs: 0,
    refuseNext: (observations) => {
      refusal = observations;
    },
    loseNextAnswer: () => {
      lose = true;
    },
    down: (value) => {
      isDown = value;
    },
    async lastAuthorized(pointOfSale, type) {
      arca.calls.lastAuthorized += 1;
      if (isDown) throw new ArcaUnavailableError('ARCA no respondió');
      return last.get(key(pointOfSale, type)) ?? 0;
    },
    async authorize(request) {
      arca.calls.authorize += 1;
      if (arca.delayMs) await new Promise((resolve) => setTimeout(resolve, arca.delayMs));
      if (isDown) throw new ArcaUnavailableError('ARCA no respondió');
      const expected = (last.get(key(request.pointOfSale, request.type)) ?? 0) + 1;
      if (request.number !== expected) {
        return reject([{ code: 10016, message: `El número debe ser ${expected}` }]);
      }
      if (refusal) {
        const observations = refusal;
        refusal = null;
        return reject(observations);
      }
      serial += 1;
      const cae = String(76_000_000_000_000 + serial);
      last.set(key(request.pointOfSale, request.type), request.number);
      arca.vouchers.push({ ...request, cae });
      if (lose) {
        lose = false;
        throw new ArcaUnavailableError('La respuesta de ARCA no llegó');
      }
      return { result: 'A', cae, caeDue: dueOf(request.issueDate), observations: [] };
    },
    async lookup(pointOfSale, type, number): Promise<AuthorizedVoucher | null> {
      arca.calls.lookup += 1;
      if (isDown) throw new ArcaUnavailableError('ARCA no respondió');
      const held = arca.vouchers.find(
        (voucher) =>
          voucher.pointOfSale === pointOfSale && voucher.type === type && voucher.number === number,
      );
      if (!held) return null;
      return {
        pointOfSale,
        type: type as VoucherType,
        number,
        docNumber: held.docNumber,
        totalCents: held.totalCents,
        issueDate: held.issueDate,
        cae: held.cae,
        caeDue: dueOf(held.issueDate),
      };
    },
  };
  return arca;
}

function reject(observations: ArcaMessage[]) {
  return { result: 'R' as const, cae: null, caeDue: null, observations };
}

/** Ten days after the issue date, `YYYYMMDD`. */
function dueOf(issueDate: string): string {
  const day = new Date(
    Date.UTC(+issueDate.slice(0, 4), +issueDate.slice(4, 6) - 1, +issueDate.slice(6, 8) + 10),
  );
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}
