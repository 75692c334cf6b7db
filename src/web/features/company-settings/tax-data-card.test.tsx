import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_SETTINGS_MESSAGES,
  type CompanySettings,
} from '@shared/company/company-settings.schema';
import { TaxDataCard } from './tax-data-card';

const SETTINGS: CompanySettings = {
  company: 'Yerbatera Misionera SA',
  shipping_provinces: ['Misiones'],
  provider_collector_id: null,
  logo_url: null,
  legal_name: null,
  tax_id: null,
  tax_condition: null,
  collector_id_required: false,
  connected_collector_id: null,
};

function renderCard() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return Response.json({ ...SETTINGS, ...body, tax_id: '30-71234567-1' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TaxDataCard settings={SETTINGS} queryKey={['company-settings']} />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('TaxDataCard', () => {
  it('says what is wrong before sending anything: the CUIT’s check digit, the condition', async () => {
    const sent = renderCard();
    fireEvent.change(screen.getByLabelText('Razón social'), {
      target: { value: 'Yerbatera Misionera S.A.' },
    });
    fireEvent.change(screen.getByLabelText('CUIT'), { target: { value: '30-71234567-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await screen.findByText(COMPANY_SETTINGS_MESSAGES.taxIdInvalid)).toBeVisible();
    expect(screen.getByText(COMPANY_SETTINGS_MESSAGES.taxConditionInvalid)).toBeVisible();
    expect(screen.getByLabelText('CUIT')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the name, the CUIT as 30-71234567-1 and the condition', async () => {
    const sent = renderCard();
    fireEvent.change(screen.getByLabelText('Razón social'), {
      target: { value: 'Yerbatera Misionera S.A.' },
    });
    fireEvent.change(screen.getByLabelText('CUIT'), { target: { value: '30712345671' } });
    fireEvent.change(screen.getByLabelText('Condición frente al IVA'), {
      target: { value: 'responsable_inscripto' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      legal_name: 'Yerbatera Misionera S.A.',
      tax_id: '30-71234567-1',
      tax_condition: 'responsable_inscripto',
    });
  });
});
