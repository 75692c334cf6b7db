import { Landmark } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_SETTINGS_MESSAGES,
  TAX_CONDITION_LABELS,
  TAX_CONDITIONS,
  UpdateCompanySettingsBody,
  type CompanySettings,
  type TaxCondition,
} from '@shared/company/company-settings.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast, toastError } from '@web/components/ui/toast-store';
import { ApiError, apiRequest } from '@web/lib/api-client';

type Errors = Partial<Record<'legal_name' | 'tax_id' | 'tax_condition', string>>;

/**
 * 'Datos fiscales' in Configuración: razón social, CUIT and condition before
 * VAT, checked by the same schema as the server (the CUIT's check digit too)
 * and saved on their own.
 */
export function TaxDataCard({
  settings,
  queryKey,
}: {
  settings: CompanySettings;
  queryKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: UpdateCompanySettingsBody) =>
      apiRequest<CompanySettings>('/api/company/settings', { method: 'PATCH', body }),
    onSuccess: (data) => client.setQueryData(queryKey, data),
  });
  const [legalName, setLegalName] = useState(settings.legal_name ?? '');
  const [taxId, setTaxId] = useState(settings.tax_id ?? '');
  const [condition, setCondition] = useState<TaxCondition | ''>(settings.tax_condition ?? '');
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    setLegalName(settings.legal_name ?? '');
    setTaxId(settings.tax_id ?? '');
    setCondition(settings.tax_condition ?? '');
  }, [settings.legal_name, settings.tax_id, settings.tax_condition]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateCompanySettingsBody.safeParse({
      legal_name: legalName,
      tax_id: taxId,
      tax_condition: condition || undefined,
    });
    const found: Errors = {};
    if (!condition) found.tax_condition = COMPANY_SETTINGS_MESSAGES.taxConditionInvalid;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: COMPANY_SETTINGS_MESSAGES.taxDataSaved, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
      else toastError('No se pudieron guardar los datos fiscales.', error);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="tax-data-title">
      <Card className="mt-4 space-y-4 p-5">
        <div className="flex items-start gap-3">
          <Landmark className="mt-0.5 size-5 shrink-0 text-sky-800" aria-hidden />
          <div>
            <h2 id="tax-data-title" className="text-base font-bold">
              Datos fiscales
            </h2>
            <p className="text-sm text-muted-foreground">
              Tal como figuran en ARCA: con ellos VendeMás te emite los comprobantes de su comisión.
            </p>
          </div>
        </div>
        <FormField id="legal-name" label="Razón social" error={errors.legal_name}>
          <Input
            {...describedBy('legal-name', errors.legal_name)}
            value={legalName}
            maxLength={120}
            autoComplete="organization"
            placeholder="Por ejemplo: Yerba Mate del Litoral S.A."
            onChange={(event) => setLegalName(event.target.value)}
          />
        </FormField>
        <FormField
          id="tax-id"
          label="CUIT"
          error={errors.tax_id}
          hint="11 dígitos, con o sin guiones."
        >
          <Input
            {...describedBy('tax-id', errors.tax_id, 'tax-id-hint')}
            value={taxId}
            inputMode="numeric"
            maxLength={13}
            autoComplete="off"
            placeholder="30-71234567-1"
            onChange={(event) => setTaxId(event.target.value)}
          />
        </FormField>
        <FormField id="tax-condition" label="Condición frente al IVA" error={errors.tax_condition}>
          <select
            {...describedBy('tax-condition', errors.tax_condition)}
            value={condition}
            onChange={(event) => setCondition(event.target.value as TaxCondition)}
            className="h-11 w-full rounded-lg border border-input bg-background px-3 text-base"
          >
            <option value="" disabled>
              Elige una condición
            </option>
            {TAX_CONDITIONS.map((option) => (
              <option key={option} value={option}>
                {TAX_CONDITION_LABELS[option]}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar datos fiscales'}
        </Button>
      </Card>
    </form>
  );
}
