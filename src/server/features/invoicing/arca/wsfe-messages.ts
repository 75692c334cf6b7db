import type {
  ArcaMessage,
  AuthorizedVoucher,
  VoucherRequest,
  VoucherResult,
  VoucherType,
} from './arca-types';

/**
 * WSFEv1's messages in the platform's terms: requests built from a
 * VoucherRequest (elements in the WSDL's order, which the service enforces)
 * and answers, as the SOAP library parses them, read back into results.
 */

export type SoapObject = Record<string, unknown>;

/** 12345 → '123.45': integer arithmetic, so no float ever rounds a cent away. */
export function centsToPesos(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** '123.45', '123.4', '123' or the number 123.45 → 12345. */
export function pesosToCents(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '').trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

export function authorizeArguments(request: VoucherRequest): SoapObject {
  return {
    FeCAEReq: {
      FeCabReq: { CantReg: 1, PtoVta: request.pointOfSale, CbteTipo: request.type },
      FeDetReq: { FECAEDetRequest: [voucherDetail(request)] },
    },
  };
}

function voucherDetail(request: VoucherRequest): SoapObject {
  return {
    Concepto: request.concept,
    DocTipo: request.docType,
    DocNro: request.docNumber,
    CbteDesde: request.number,
    CbteHasta: request.number,
    CbteFch: request.issueDate,
    ImpTotal: centsToPesos(request.totalCents),
    ImpTotConc: '0.00',
    ImpNeto: centsToPesos(request.netCents),
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: centsToPesos(request.vatCents),
    FchServDesde: request.serviceFrom,
    FchServHasta: request.serviceTo,
    FchVtoPago: request.paymentDue,
    MonId: 'PES',
    MonCotiz: 1,
    CondicionIVAReceptorId: request.receiverVatConditionId,
    ...(request.associated
      ? {
          CbtesAsoc: {
            CbteAsoc: [
              {
                Tipo: request.associated.type,
                PtoVta: request.associated.pointOfSale,
                Nro: request.associated.number,
                Cuit: request.associated.cuit,
                CbteFch: request.associated.issueDate,
              },
            ],
          },
        }
      : {}),
    ...(request.vat
      ? {
          Iva: {
            AlicIva: [
              {
                Id: request.vat.id,
                BaseImp: centsToPesos(request.vat.baseCents),
                Importe: centsToPesos(request.vat.amountCents),
              },
            ],
          },
        }
      : {}),
  };
}

export function asObject(value: unknown): SoapObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as SoapObject)
    : null;
}

/** The SOAP library gives one child as an object and several as an array. */
export function asList(value: unknown): SoapObject[] {
  const items = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return items.map(asObject).filter((item): item is SoapObject => item !== null);
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

function messages(container: unknown, itemName: string): ArcaMessage[] {
  return asList(asObject(container)?.[itemName]).map((item) => ({
    code: Number(item.Code),
    message: text(item.Msg),
  }));
}

/** The answer's top-level Errors (`Errors.Err`). */
export function answerErrors(result: SoapObject): ArcaMessage[] {
  return messages(result.Errors, 'Err');
}

export function readVoucherResult(result: SoapObject): VoucherResult {
  const detail = asList(asObject(result.FeDetResp)?.FECAEDetResponse)[0] ?? null;
  const outcome = text(detail?.Resultado ?? asObject(result.FeCabResp)?.Resultado);
  const approved = outcome === 'A';
  const cae = text(detail?.CAE);
  const caeDue = text(detail?.CAEFchVto);
  return {
    result: approved ? 'A' : 'R',
    cae: approved && cae ? cae : null,
    caeDue: approved && caeDue ? caeDue : null,
    observations: [...messages(detail?.Observaciones, 'Obs'), ...answerErrors(result)],
  };
}

export function readAuthorizedVoucher(result: SoapObject): AuthorizedVoucher | null {
  const voucher = asObject(result.ResultGet);
  if (!voucher) return null;
  return {
    pointOfSale: Number(voucher.PtoVta),
    type: Number(voucher.CbteTipo) as VoucherType,
    number: Number(voucher.CbteDesde),
    docNumber: text(voucher.DocNro),
    totalCents: pesosToCents(voucher.ImpTotal),
    issueDate: text(voucher.CbteFch),
    cae: text(voucher.CodAutorizacion),
    caeDue: text(voucher.FchVto),
  };
}
