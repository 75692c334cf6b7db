import { describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { checkBuyer } from './buyer-form';

describe('the pay form’s buyer details', () => {
  it('gives each wrong field the shared schema’s Spanish message', () => {
    expect(checkBuyer({ name: ' ', email: 'no-es-un-mail', phone: '12' }).errors).toEqual({
      name: PAY_MESSAGES.nameRequired,
      email: PAY_MESSAGES.emailInvalid,
      phone: PAY_MESSAGES.phoneInvalid,
    });
  });

  it('returns the buyer as the server will read it', () => {
    expect(checkBuyer({ name: '  Ana Pérez ', email: ' Ana@Ejemplo.COM ', phone: '' })).toEqual({
      buyer: { name: 'Ana Pérez', email: 'ana@ejemplo.com' },
      errors: {},
    });
    expect(
      checkBuyer({ name: 'Ana', email: 'ana@ejemplo.com', phone: '+54 9 351 400-0000' }).buyer
        ?.phone,
    ).toBe('+54 9 351 400-0000');
  });
});
