import { isValidCuit } from '../../src/shared/bank-data';
import { items, leaf, part, type XmlObject } from './fake-arca-soap';

/**
 * What WSFEv1's FECAESolicitar refuses, as the fake checks it for one voucher
 * (FeCabReq and one FECAEDetRequest). Codes follow ARCA's error table for
 * WSFEv1; 10016 (numbering) and 10048 (total) are the documented ones the
 * invoicing run reacts to, the others only need to be ARCA-like.
 */

export interface FakeArcaMessage {
  code: number;
  message: string;
}

export interface StoredVoucher {
  pointOfSale: number;
  type: number;
  number: number;
  detail: XmlObject;
  cae: string;
  caeDue: string;
  processedAt: string;
}

export const voucherKey = (pointOfSale: number, type: number, number: number) =>
  `${pointOfSale}-${type}-${number}`;

export const RULES = {
  numbering: {
    code: 10016,
    message:
      'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  },
  total: {
    code: 10048,
    message:
      "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
  },
  amountFormat: { code: 10047, message: 'Los importes deben informarse con hasta 2 decimales.' },
  vatRate: {
    code: 10051,
    message: 'El Importe de AlicIva no se corresponde con BaseImp por la alícuota informada.',
  },
  vatSum: {
    code: 10023,
    message:
      'La suma de los campos Importe en AlicIva debe ser igual al valor ingresado en ImpIVA.',
  },
  vatBase: {
    code: 10061,
    message:
      'La suma de los campos BaseImp en AlicIva debe ser igual al valor ingresado en ImpNeto.',
  },
  vatMissing: {
    code: 10070,
    message: 'Si ImpIVA es distinto de 0 el objeto Iva y AlicIva son obligatorios.',
  },
  letterCVat: {
    code: 10071,
    message: 'Para comprobantes tipo C el objeto IVA no debe informarse y ImpIVA debe ser 0.',
  },
  docNumber: {
    code: 10015,
    message: 'Si DocTipo es 80 (CUIT), el campo DocNro debe ser una CUIT válida de 11 dígitos.',
  },
  receiverMissing: {
    code: 10242,
    message:
      'El campo Condicion Frente al IVA del receptor (CondicionIVAReceptorId) es obligatorio.',
  },
  receiverLetter: {
    code: 10243,
    message:
      'La Condicion Frente al IVA del receptor no es valida para la clase de comprobante informado.',
  },
  associationMissing: {
    code: 10040,
    message: 'Para Notas de Crédito y Débito el objeto CbtesAsoc es obligatorio.',
  },
  associationUnknown: {
    code: 10041,
    message: 'El comprobante asociado informado en CbtesAsoc no existe o no corresponde al emisor.',
  },
  serviceDates: {
    code: 10035,
    message:
      'Si Concepto es 2 o 3, los campos FchServDesde, FchServHasta y FchVtoPago son obligatorios.',
  },
} as const satisfies Record<string, FakeArcaMessage>;

const LETTER: Record<number, 'A' | 'B' | 'C'> = {
  1: 'A',
  3: 'A',
  6: 'B',
  8: 'B',
  11: 'C',
  13: 'C',
};
/** Credit notes and the invoice type they must point to. */
const CREDITED: Record<number, number> = { 3: 1, 8: 6, 13: 11 };
const RECEIVER_CONDITIONS = new Set([1, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16]);
/** Letter A goes only to responsables inscriptos (1) and monotributistas (6); B never to them. */
const ACCEPTS: Record<'A' | 'B' | 'C', (condition: number) => boolean> = {
  A: (condition) => condition === 1 || condition === 6,
  B: (condition) => condition !== 1 && condition !== 6,
  C: () => true,
};

/** '123.45' → 12345; null when not an amount with at most 2 decimals. */
export function amountCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export interface VoucherContext {
  pointOfSale: number;
  type: number;
  lastNumber: number;
  issuerCuit: string;
  held: (key: string) => StoredVoucher | undefined;
}

export function voucherRefusals(detail: XmlObject, context: VoucherContext): FakeArcaMessage[] {
  const letter = LETTER[context.type] ?? 'C';
  return [
    ...numbering(detail, context),
    ...amounts(detail, letter),
    ...receiver(detail, letter),
    ...association(detail, context),
    ...serviceDates(detail),
  ];
}

function numbering(detail: XmlObject, context: VoucherContext): FakeArcaMessage[] {
  const from = Number(leaf(detail, 'CbteDesde'));
  const to = Number(leaf(detail, 'CbteHasta'));
  return from === context.lastNumber + 1 && to === from ? [] : [RULES.numbering];
}

function amounts(detail: XmlObject, letter: 'A' | 'B' | 'C'): FakeArcaMessage[] {
  const field = (name: string) => amountCents(leaf(detail, name) || '0');
  const [total, untaxed, net, exempt, taxes, vat] = [
    'ImpTotal',
    'ImpTotConc',
    'ImpNeto',
    'ImpOpEx',
    'ImpTrib',
    'ImpIVA',
  ].map(field);
  const rates = items(part(detail, 'Iva').AlicIva);
  if ([total, untaxed, net, exempt, taxes, vat].some((value) => value === null)) {
    return [RULES.amountFormat];
  }
  const refusals: FakeArcaMessage[] = [];
  if (total !== net! + vat! + untaxed! + exempt! + taxes!) refusals.push(RULES.total);
  if (letter === 'C')
    return rates.length > 0 || vat !== 0 ? [...refusals, RULES.letterCVat] : refusals;
  return [...refusals, ...vatRates(rates, net!, vat!)];
}

/** AlicIva Id 5 (21 %): Importe = BaseImp × 0.21 rounded to the cent, with ARCA's 0.01 tolerance. */
function vatRates(rates: XmlObject[], net: number, vat: number): FakeArcaMessage[] {
  if (rates.length === 0) return vat === 0 ? [] : [RULES.vatMissing];
  const parsed = rates.map((rate) => ({
    id: leaf(rate, 'Id'),
    base: amountCents(leaf(rate, 'BaseImp')),
    amount: amountCents(leaf(rate, 'Importe')),
  }));
  if (parsed.some((rate) => rate.base === null || rate.amount === null))
    return [RULES.amountFormat];
  const refusals: FakeArcaMessage[] = [];
  const wrongRate = parsed.some(
    (rate) => rate.id !== '5' || Math.abs(rate.amount! - Math.round(rate.base! * 0.21)) > 1,
  );
  if (wrongRate) refusals.push(RULES.vatRate);
  if (parsed.reduce((sum, rate) => sum + rate.amount!, 0) !== vat) refusals.push(RULES.vatSum);
  if (parsed.reduce((sum, rate) => sum + rate.base!, 0) !== net) refusals.push(RULES.vatBase);
  return refusals;
}

function receiver(detail: XmlObject, letter: 'A' | 'B' | 'C'): FakeArcaMessage[] {
  const refusals: FakeArcaMessage[] = [];
  const docNumber = leaf(detail, 'DocNro');
  if (leaf(detail, 'DocTipo') === '80' && !(/^\d{11}$/.test(docNumber) && isValidCuit(docNumber))) {
    refusals.push(RULES.docNumber);
  }
  const conditionText = leaf(detail, 'CondicionIVAReceptorId');
  const condition = Number(conditionText);
  if (conditionText === '' || !RECEIVER_CONDITIONS.has(condition)) {
    refusals.push(RULES.receiverMissing);
  } else if (!ACCEPTS[letter](condition)) {
    refusals.push(RULES.receiverLetter);
  }
  return refusals;
}

function association(detail: XmlObject, context: VoucherContext): FakeArcaMessage[] {
  const invoiceType = CREDITED[context.type];
  if (invoiceType === undefined) return [];
  const associated = items(part(detail, 'CbtesAsoc').CbteAsoc);
  if (associated.length === 0) return [RULES.associationMissing];
  const holds = associated.every((item) => {
    const stored = context.held(
      voucherKey(
        Number(leaf(item, 'PtoVta')),
        Number(leaf(item, 'Tipo')),
        Number(leaf(item, 'Nro')),
      ),
    );
    const cuit = leaf(item, 'Cuit');
    const date = leaf(item, 'CbteFch');
    return (
      stored !== undefined &&
      stored.type === invoiceType &&
      (cuit === '' || cuit === context.issuerCuit) &&
      (date === '' || date === leaf(stored.detail, 'CbteFch'))
    );
  });
  return holds ? [] : [RULES.associationUnknown];
}

function serviceDates(detail: XmlObject): FakeArcaMessage[] {
  const concept = leaf(detail, 'Concepto');
  if (concept !== '2' && concept !== '3') return [];
  const dates = ['FchServDesde', 'FchServHasta', 'FchVtoPago'].map((name) => leaf(detail, name));
  return dates.every((date) => /^\d{8}$/.test(date)) ? [] : [RULES.serviceDates];
}
