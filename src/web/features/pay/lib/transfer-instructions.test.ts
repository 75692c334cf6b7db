import { describe, expect, it } from 'vitest';
import { extraTransferInstructions } from './transfer-instructions';

describe("a company's transfer instructions on the transfer page", () => {
  it('leaves out the advice the page already gives about the reference', () => {
    expect(
      extraTransferInstructions(
        'Escribe la referencia del pedido en el concepto de la transferencia.',
      ),
    ).toBeNull();
    expect(
      extraTransferInstructions(
        'Escribí la Referencia en el concepto. Envía el comprobante por WhatsApp.',
      ),
    ).toBe('Envía el comprobante por WhatsApp.');
  });

  it('keeps everything else as the company wrote it', () => {
    expect(extraTransferInstructions('Envía el comprobante por WhatsApp.')).toBe(
      'Envía el comprobante por WhatsApp.',
    );
    expect(extraTransferInstructions('')).toBeNull();
    expect(extraTransferInstructions(null)).toBeNull();
  });
});
