import { Building2, ImageUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_SETTINGS_MESSAGES,
  CollectorId,
  type CompanySettings,
} from '@shared/company/company-settings.schema';
import { ProvinceMultiSelect } from '@web/components/province-multi-select';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';
import { refreshSession } from '@web/lib/session';
import { CollectorIdField } from './collector-id-field';
import { TaxDataCard } from './tax-data-card';

const SETTINGS = ['company-settings'] as const;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];
const LOGO_MAX_BYTES = 10 * 1024 * 1024;

/** spec 02 §2 Configuración de la Empresa (/company/settings). */
export function CompanySettingsPage() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS,
    queryFn: () => apiRequest<CompanySettings>('/api/company/settings'),
  });
  const save = useMutation({
    mutationFn: (body: { shipping_provinces: string[]; provider_collector_id: string }) =>
      apiRequest<CompanySettings>('/api/company/settings', { method: 'PATCH', body }),
    onSuccess: (data) => client.setQueryData(SETTINGS, data),
  });
  const logo = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ logo_url: string }>('/api/company/settings/logo', {
        method: 'PUT',
        body: form,
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: SETTINGS });
      // The panel header shows the logo too.
      void refreshSession();
    },
  });
  const [provinces, setProvinces] = useState<string[]>([]);
  const [collector, setCollector] = useState('');
  const [collectorError, setCollectorError] = useState<string>();
  const [logoError, setLogoError] = useState<string>();

  useEffect(() => {
    if (!settings.data) return;
    setProvinces(settings.data.shipping_provinces);
    setCollector(settings.data.provider_collector_id ?? '');
  }, [settings.data]);

  if (settings.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Cargando la configuración…" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <p role="alert" className="text-destructive">
        {settings.error.message}
      </p>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (collector.trim() && !CollectorId.safeParse(collector).success) {
      setCollectorError(COMPANY_SETTINGS_MESSAGES.collectorIdInvalid);
      return;
    }
    setCollectorError(undefined);
    try {
      await save.mutateAsync({
        shipping_provinces: provinces,
        provider_collector_id: collector.trim(),
      });
      toast({ title: COMPANY_SETTINGS_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      toast({
        title: 'No se pudo guardar la configuración.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type) || file.size > LOGO_MAX_BYTES) {
      setLogoError(COMPANY_SETTINGS_MESSAGES.logoInvalid);
      return;
    }
    setLogoError(undefined);
    try {
      await logo.mutateAsync(file);
      toast({ title: COMPANY_SETTINGS_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      setLogoError(error instanceof Error ? error.message : COMPANY_SETTINGS_MESSAGES.logoInvalid);
    }
  };

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">
        Configuración de la Empresa
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{settings.data.company}</p>

      <Card className="mt-6 p-5">
        <h2 className="text-base font-bold">Logo</h2>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {settings.data.logo_url ? (
            <img
              src={settings.data.logo_url}
              alt="Logo de la empresa"
              className="size-20 rounded-xl border border-border bg-white object-contain p-1"
            />
          ) : (
            <span className="flex size-20 items-center justify-center rounded-xl bg-sky-50 text-sky-800">
              <Building2 className="size-8" aria-hidden />
            </span>
          )}
          <div>
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-input bg-card px-4 py-2 text-sm font-semibold hover:bg-muted">
              <ImageUp className="size-4" aria-hidden />
              {logo.isPending
                ? 'Subiendo…'
                : settings.data.logo_url
                  ? 'Cambiar logo'
                  : 'Subir logo'}
              <input
                type="file"
                accept={LOGO_TYPES.join(',')}
                className="sr-only"
                aria-label="Elegir el logo de la empresa"
                disabled={logo.isPending}
                onChange={(event) => {
                  void chooseLogo(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            <p className="mt-1 text-xs text-muted-foreground">
              PNG, JPG o SVG hasta 10 MB. Se muestra en tu panel y en tus páginas de pago.
            </p>
            {logoError ? (
              <p role="alert" className="mt-1 text-sm font-medium text-destructive">
                {logoError}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      <form onSubmit={(event) => void submit(event)} noValidate>
        <Card className="mt-4 space-y-5 p-5">
          <div>
            <h2 id="provinces-label" className="text-base font-bold">
              Provincias de envío
            </h2>
            <p className="mb-2 text-sm text-muted-foreground">
              Los vendedores de estas provincias verán tus productos.
            </p>
            <ProvinceMultiSelect id="provinces" value={provinces} onChange={setProvinces} />
          </div>
          <CollectorIdField
            settings={settings.data}
            value={collector}
            error={collectorError}
            onChange={setCollector}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Guardando…' : 'Guardar configuración'}
          </Button>
        </Card>
      </form>

      <TaxDataCard settings={settings.data} queryKey={SETTINGS} />
    </div>
  );
}
