import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/factories/pdf-text';
import { invoiceQrPayload, invoiceQrUrl, type InvoicePdfData } from './invoice-pdf-data';
import { renderInvoicePdf } from './invoice-pdf';

const invoiceA: InvoicePdfData = {
  kind: 'invoice',
  letter: 'A',
  voucherType: 1,
  pointOfSale: 1,
  number: 42,
  month: '2026-11',
  totalCents: 1_234_567,
  netCents: 1_020_303,
  vatCents: 214_264,
  issuerTaxId: '30-71642089-9',
  issuerTaxCondition: 'responsable_inscripto',
  receiverLegalName: 'Ferretería Sur S.R.L.',
  receiverTaxId: '30712345671',
  receiverTaxCondition: 'responsable_inscripto',
  status: 'authorized',
  issueDate: '2026-12-01',
  cae: '76123456789012',
  caeDue: '2026-12-11',
  issuer: { legalName: 'VendeMás S.A.' },
  associated: null,
};

/** The text as read: the standard fonts write '–' as WinAnsi 0x96, and amounts keep es-AR's no-break space. */
const text = async (data: InvoicePdfData) =>
  pdfText(await renderInvoicePdf(data))
    .replaceAll('\x96', '–')
    .replaceAll('\u00a0', ' ');

describe('renderInvoicePdf', () => {
  it('prints a letter A invoice with its legal fields, net and VAT apart', async () => {
    const shown = await text(invoiceA);
    for (const field of [
      'A',
      'COD. 01',
      'FACTURA',
      'ORIGINAL',
      'Punto de venta: 00001  Comp. Nro: 00000042',
      'Fecha de emisión: 01/12/2026',
      'VendeMás S.A.',
      'CUIT: 30-71642089-9',
      'IVA Responsable Inscripto',
      'Ferretería Sur S.R.L.',
      'CUIT: 30-71234567-1',
      'Período facturado desde: 01/11/2026',
      'hasta: 30/11/2026',
      'Fecha de vto. para el pago: 11/12/2026',
      'Comisión por intermediación – período 11/2026',
      'Importe neto gravado:',
      '$ 10.203,03',
      'IVA 21 %:',
      '$ 2.142,64',
      'Importe total:',
      '$ 12.345,67',
      'CAE N°: 76123456789012',
      'Fecha de Vto. de CAE: 11/12/2026',
    ]) {
      expect(shown).toContain(field);
    }
    expect(shown).not.toContain('Domicilio');
    expect(shown).not.toContain('Transparencia');
  });

  it('prints a letter B invoice with VAT contained and the Ley 27.743 legend', async () => {
    const shown = await text({
      ...invoiceA,
      letter: 'B',
      voucherType: 6,
      receiverTaxCondition: 'exento',
    });
    expect(shown).toContain('COD. 06');
    expect(shown).toContain('IVA Sujeto Exento');
    expect(shown).toContain('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)');
    expect(shown).toContain('IVA contenido: $ 2.142,64');
    expect(shown).not.toContain('Importe neto gravado');
  });

  it('prints a letter C invoice with only its total, and the address when configured', async () => {
    const shown = await text({
      ...invoiceA,
      letter: 'C',
      voucherType: 11,
      issuerTaxCondition: 'monotributo',
      netCents: 1_234_567,
      vatCents: 0,
      issuer: { legalName: 'VendeMás S.A.', address: 'Av. Corrientes 1234, CABA' },
    });
    expect(shown).toContain('COD. 11');
    expect(shown).toContain('Responsable Monotributo');
    expect(shown).toContain('Domicilio: Av. Corrientes 1234, CABA');
    expect(shown).toContain('$ 12.345,67');
    expect(shown).not.toContain('IVA 21 %');
    expect(shown).not.toContain('IVA contenido');
  });

  it('prints a credit note with its associated invoice', async () => {
    const shown = await text({
      ...invoiceA,
      kind: 'credit_note',
      voucherType: 3,
      number: 7,
      associated: { letter: 'A', voucherType: 1, pointOfSale: 1, number: 41 },
    });
    expect(shown).toContain('NOTA DE CRÉDITO');
    expect(shown).toContain('COD. 03');
    expect(shown).toContain('Comp. Nro: 00000007');
    expect(shown).toContain('Comprobante asociado: Factura A 00001-00000041');
  });

  it('refuses a document ARCA has not authorized', async () => {
    await expect(
      renderInvoicePdf({ ...invoiceA, status: 'pending', cae: null, caeDue: null }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('invoiceQrPayload', () => {
  it('is ARCA QR version 1 with the voucher, the amount and both CUITs as numbers', () => {
    expect(JSON.stringify(invoiceQrPayload(invoiceA))).toBe(
      '{"ver":1,"fecha":"2026-12-01","cuit":30716420899,"ptoVta":1,"tipoCmp":1,"nroCmp":42,' +
        '"importe":12345.67,"moneda":"PES","ctz":1,"tipoDocRec":80,"nroDocRec":30712345671,' +
        '"tipoCodAut":"E","codAut":76123456789012}',
    );
  });

  it('is encoded in base64 after the checker address', () => {
    const url = invoiceQrUrl(invoiceA);
    expect(url.startsWith('https://www.afip.gob.ar/fe/qr/?p=')).toBe(true);
    const decoded = JSON.parse(Buffer.from(url.split('?p=')[1]!, 'base64').toString('utf8'));
    expect(decoded).toEqual(invoiceQrPayload(invoiceA));
  });
});
