import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MONEY_MESSAGES } from '@shared/money';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { Dialog, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import { commissionOnBlur, isHighCommission, unitSplit } from './commission';
import { ProductForm } from './product-form';

function renderForm(onSubmit = vi.fn()) {
  render(
    <Dialog open>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Nuevo producto</DialogTitle>
        <ProductForm pending={false} progress={{}} onSubmit={onSubmit} onCancel={() => undefined} />
      </DialogContent>
    </Dialog>,
  );
  return onSubmit;
}

describe('the commission rules (spec 02 §5)', () => {
  it('resets an empty, invalid or below-3 value to 3 on blur', () => {
    expect(commissionOnBlur('')).toBe('3');
    expect(commissionOnBlur('abc')).toBe('3');
    expect(commissionOnBlur('2.99')).toBe('3');
    expect(commissionOnBlur('-5')).toBe('3');
    expect(commissionOnBlur('12')).toBe('12');
    expect(commissionOnBlur('250')).toBe('100');
  });

  it('warns above 10 % only', () => {
    expect(isHighCommission('10')).toBe(false);
    expect(isHighCommission('10.5')).toBe(true);
  });

  it('splits one unit with the shared functions: buyer, seller 75 %, platform 25 %', () => {
    expect(unitSplit('10000', '10')).toEqual({
      buyerCents: 1_100_000,
      sellerCents: 75_000,
      platformCents: 25_000,
    });
    expect(unitSplit('', '10')).toBeNull();
  });

  it('shows a 1-cent product with a 1-cent commission, as the server computes it', () => {
    expect(unitSplit('0,01', '3')).toEqual({ buyerCents: 2, sellerCents: 1, platformCents: 0 });
    expect(unitSplit('1,10', '3')).toEqual({ buyerCents: 114, sellerCents: 3, platformCents: 1 });
  });

  it('in the form: the hint, the blur reset, the warning and the live split', async () => {
    renderForm();
    expect(screen.getByText(PRODUCT_MESSAGES.commissionHint)).toBeInTheDocument();
    const commission = screen.getByLabelText('Comisión total (%)');
    fireEvent.change(commission, { target: { value: '' } });
    fireEvent.blur(commission);
    await waitFor(() => expect(commission).toHaveValue(3));
    expect(screen.queryByText(PRODUCT_MESSAGES.commissionWarning)).not.toBeInTheDocument();

    fireEvent.change(commission, { target: { value: '12' } });
    expect(await screen.findByText(PRODUCT_MESSAGES.commissionWarning)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Precio base ($)'), { target: { value: '10000' } });
    await waitFor(() =>
      expect(screen.getByText('Gana el vendedor').nextSibling).toHaveTextContent('$ 900,00'),
    );
  });

  it('sends cents and basis points, validated by the shared schema', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Yerba 1 kg' } });
    fireEvent.change(screen.getByLabelText('Precio base ($)'), { target: { value: '1234.5' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Yerba 1 kg',
      price_cents: 123_450,
      stock: 7,
      commission_bps: 300,
      is_active: true,
    });
  });

  it('takes the price as people write it ("20.000,00") and says what it understood', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Mate imperial' } });
    fireEvent.change(screen.getByLabelText('Precio base ($)'), { target: { value: '20.000,00' } });
    expect(screen.getByTestId('product-price-reading')).toHaveTextContent(
      /^Precio base: \$\s20\.000,00$/,
    );
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ price_cents: 2_000_000 });
  });

  it('refuses a negative price with the reason', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Mate imperial' } });
    fireEvent.change(screen.getByLabelText('Precio base ($)'), { target: { value: '-20' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MONEY_MESSAGES.negative);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
