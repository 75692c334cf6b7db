import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANK_DATA_MESSAGES } from '@shared/bank-data';
import { SELLER_MESSAGES, type SellerSettings } from '@shared/seller/seller.schema';
import { useToasts } from '@web/components/ui/toast-store';
import { sellerKeys } from './api/seller-keys';
import { SETTINGS_TEXT } from './seller-text';
import { SettingsForm } from './settings-page';

// A CBU with valid check digits (bank 285, branch 0590, account 0940090418135201).
const VALID_CBU = '2850590940090418135201';

function ToastProbe() {
  const toasts = useToasts();
  return <p data-testid="toast">{toasts.map((toast) => toast.title).join('|')}</p>;
}

function renderForm(settings: Partial<SellerSettings> = {}) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({
      province: 'Salta',
      payment_method: 'bank',
      payment_details: { cbu: VALID_CBU },
      ...(init?.body ? JSON.parse(String(init.body)) : {}),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <SettingsForm
        settings={{ province: null, payment_method: null, payment_details: {}, ...settings }}
      />
      <ToastProbe />
    </QueryClientProvider>,
  );
  return { fetchMock, invalidate };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: SETTINGS_TEXT.save }));

describe('seller settings form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a province from the list', async () => {
    const { fetchMock } = renderForm();
    save();
    expect(await screen.findByText(SELLER_MESSAGES.provinceInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a CBU with wrong check digits and a bad alias, in Spanish', async () => {
    const { fetchMock } = renderForm({ province: 'Salta' });
    fireEvent.click(screen.getByLabelText(new RegExp(SETTINGS_TEXT.bank)));
    fireEvent.change(screen.getByLabelText(SETTINGS_TEXT.cbu), {
      target: { value: '2850590940090418135202' },
    });
    fireEvent.change(screen.getByLabelText(SETTINGS_TEXT.alias), { target: { value: 'a b' } });
    save();
    expect(await screen.findByText(BANK_DATA_MESSAGES.cbu)).toBeInTheDocument();
    expect(screen.getByText(BANK_DATA_MESSAGES.alias)).toBeInTheDocument();
    expect(screen.getByLabelText(SETTINGS_TEXT.cbu)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the MercadoPago e-mail when MercadoPago is chosen', async () => {
    renderForm({ province: 'Salta' });
    fireEvent.click(screen.getByLabelText(new RegExp(SETTINGS_TEXT.mercadopago)));
    fireEvent.change(screen.getByLabelText(SETTINGS_TEXT.email), {
      target: { value: 'no-es-un-email' },
    });
    save();
    expect(await screen.findByText(SELLER_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('saves only the chosen method, says so and refreshes the catalogue', async () => {
    const { fetchMock, invalidate } = renderForm({
      province: 'Salta',
      payment_method: 'mercadopago',
      payment_details: { email: 'viejo@example.com' },
    });
    fireEvent.change(screen.getByLabelText(SETTINGS_TEXT.province), {
      target: { value: 'Jujuy' },
    });
    fireEvent.click(screen.getByLabelText(new RegExp(SETTINGS_TEXT.bank)));
    fireEvent.change(screen.getByLabelText(SETTINGS_TEXT.cbu), { target: { value: VALID_CBU } });
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/seller/settings');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      province: 'Jujuy',
      payment_method: 'bank',
      payment_details: { cbu: VALID_CBU },
    });
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(SELLER_MESSAGES.saved),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sellerKeys.catalogue() });
  });
});
