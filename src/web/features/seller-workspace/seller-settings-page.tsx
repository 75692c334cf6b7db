import { useEffect, useState } from 'react';
import { PROVINCES } from '@shared/provinces';
import { SELLER_MESSAGES, UpdateSellerSettingsBody } from '@shared/seller/seller.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { useSaveSellerSettings, useSellerSettings } from './api/seller-api';

/** spec 02 §2 Configuración (/seller/settings): province, and how the seller gets paid. */
export function SellerSettingsPage() {
  const settings = useSellerSettings();
  const save = useSaveSellerSettings();
  const [province, setProvince] = useState('');
  const [method, setMethod] = useState<'mercadopago' | 'bank' | ''>('');
  const [email, setEmail] = useState('');
  const [cbu, setCbu] = useState('');
  const [alias, setAlias] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!settings.data) return;
    setProvince(settings.data.province ?? '');
    setMethod(settings.data.payment_method ?? '');
    setEmail(settings.data.payment_details.email ?? '');
    setCbu(settings.data.payment_details.cbu ?? '');
    setAlias(settings.data.payment_details.alias ?? '');
  }, [settings.data]);

  if (settings.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Cargando tu configuración…" />
      </div>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...(province ? { province } : {}),
      ...(method
        ? {
            payment_method: method,
            payment_details: method === 'mercadopago' ? { email } : { cbu, alias },
          }
        : {}),
    };
    const parsed = UpdateSellerSettingsBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path.at(-1))] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0]);
      toast({ title: SELLER_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      toast({
        title: 'No se pudo guardar la configuración.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="max-w-xl">
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Configuración</h1>
      <Card className="mt-6 space-y-5 p-5">
        <FormField
          id="seller-province"
          label="Tu provincia"
          error={errors.province}
          hint="Ves los productos de las empresas que envían a tu provincia."
        >
          <select
            {...describedBy('seller-province', errors.province, 'hint')}
            value={province}
            onChange={(event) => setProvince(event.target.value)}
            className="h-11 w-full rounded-lg border border-input bg-background px-3 text-base"
          >
            <option value="" disabled>
              Elige tu provincia
            </option>
            {PROVINCES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset>
          <legend className="text-sm font-medium">Cómo quieres cobrar tus comisiones</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(
              [
                ['mercadopago', 'MercadoPago'],
                ['bank', 'Transferencia bancaria'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border-2 p-3 text-sm font-medium ${method === value ? 'border-primary bg-sky-50' : 'border-border'}`}
              >
                <input
                  type="radio"
                  name="payment_method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                  className="size-4 accent-sky-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {method === 'mercadopago' ? (
          <FormField
            id="seller-email"
            label="E-mail de tu cuenta de MercadoPago"
            error={errors.email}
          >
            <Input
              {...describedBy('seller-email', errors.email)}
              type="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
        ) : null}
        {method === 'bank' ? (
          <>
            <FormField id="seller-cbu" label="CBU o CVU" error={errors.cbu} hint="22 dígitos.">
              <Input
                {...describedBy('seller-cbu', errors.cbu, 'hint')}
                inputMode="numeric"
                value={cbu}
                onChange={(e) => setCbu(e.target.value)}
              />
            </FormField>
            <FormField id="seller-alias" label="Alias (opcional)" error={errors.alias}>
              <Input
                {...describedBy('seller-alias', errors.alias)}
                value={alias}
                onChange={(e) => setAlias(e.target.value)}
              />
            </FormField>
          </>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar configuración'}
        </Button>
      </Card>
    </form>
  );
}
