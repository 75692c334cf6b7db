import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '@shared/money';
import { MoneyField } from './money-field';

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <MoneyField
      id="amount"
      label="Monto recibido ($)"
      value={value}
      onChange={setValue}
      error={error}
      hint="Por ejemplo 3.000,00"
      understood={(pesos) => `Se registrará ${pesos}`}
    />
  );
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Monto recibido ($)'), { target: { value: text } });
// Intl writes a non-breaking space between the sign and the amount.
const reading = () => screen.getByTestId('amount-reading').textContent?.replace(/\s/g, ' ');

describe('MoneyField', () => {
  it('is a text field with the decimal keypad, so "3.000,00" can be typed at all', () => {
    render(<Field />);
    const input = screen.getByLabelText('Monto recibido ($)');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(reading()).toBe('Por ejemplo 3.000,00');
    expect(input).toHaveAccessibleDescription('Por ejemplo 3.000,00');
  });

  it.each(['3.000,00', '3000,00', '3000', '3.000', '$ 3.000,00', ' 3000 '])(
    'says what it understood from %j: three thousand pesos',
    (text) => {
      render(<Field />);
      type(text);
      expect(reading()).toBe('Se registrará $ 3.000,00');
      const input = screen.getByLabelText('Monto recibido ($)');
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(input).toHaveAccessibleDescription(/Se registrará \$\s3\.000,00/);
    },
  );

  it('reads a lone dot with one or two digits at the end as the decimal mark', () => {
    render(<Field />);
    type('3000.5');
    expect(reading()).toBe('Se registrará $ 3.000,50');
  });

  it.each([
    ['-5', MONEY_MESSAGES.negative],
    ['3000,123', MONEY_MESSAGES.tooManyDecimals],
    ['tres mil', MONEY_MESSAGES.format],
  ])('says why it cannot read %j, and marks the field invalid', (text, message) => {
    render(<Field />);
    type(text);
    expect(reading()).toBe(message);
    expect(screen.getByLabelText('Monto recibido ($)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a submit error as an alert, with what it understood still under it', () => {
    const { rerender } = render(<Field error="El pago supera el saldo adeudado por la empresa." />);
    type('9.000');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El pago supera el saldo adeudado por la empresa.',
    );
    expect(reading()).toBe('Se registrará $ 9.000,00');
    rerender(<Field error={MONEY_MESSAGES.format} />);
    type('nueve');
    // The error speaks once: the reading does not repeat the parser's complaint.
    expect(screen.queryByTestId('amount-reading')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(MONEY_MESSAGES.format);
  });
});
