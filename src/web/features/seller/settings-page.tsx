import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark, ShieldCheck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from '@shared/zod';
import {
  SELLER_MESSAGES,
  UpdateSellerSettingsBody,
  type SellerSettings,
} from '@shared/seller/seller.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast, toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { ProvinceSelect } from '@web/components/province-select';
import { cn } from '@web/lib/cn';
import { useSellerSettings, useUpdateSellerSettings } from './api/seller-settings';
import { PageHeading } from './components/empty-state';
import { SETTINGS_TEXT } from './seller-text';

export interface SettingsFormValues {
  province: string;
  payment_method: '' | 'mercadopago' | 'bank';
  payment_details: { email: string; cbu: string; alias: string };
}

type SettingsBody = z.output<typeof UpdateSellerSettingsBody>;

/** The body the API takes: only the chosen method's details, blanks left out. */
export function settingsBodyFrom(values: SettingsFormValues) {
  const { email, cbu, alias } = values.payment_details;
  return {
    province: values.province,
    ...(values.payment_method === 'mercadopago'
      ? { payment_method: 'mercadopago' as const, payment_details: { email } }
      : values.payment_method === 'bank'
        ? {
            payment_method: 'bank' as const,
            payment_details: { cbu, ...(alias.trim() ? { alias } : {}) },
          }
        : {}),
  };
}

/**
 * The shared schema checks the body built from the form, so the page shows the
 * server's own Spanish messages; error paths (payment_details.cbu…) match the fields.
 */
const settingsResolver: Resolver<SettingsFormValues, unknown, SettingsBody> = (
  values,
  context,
  options,
) =>
  zodResolver(UpdateSellerSettingsBody)(
    settingsBodyFrom(values) as never,
    context,
    options as never,
  ) as ReturnType<Resolver<SettingsFormValues, unknown, SettingsBody>>;

function defaultsFrom(settings: SellerSettings): SettingsFormValues {
  return {
    province: settings.province ?? '',
    payment_method: settings.payment_method ?? '',
    payment_details: {
      email: settings.payment_details.email ?? '',
      cbu: settings.payment_details.cbu ?? '',
      alias: settings.payment_details.alias ?? '',
    },
  };
}

/** /seller/settings (Configuración): province, payment method and payment details. */
export function SettingsPage() {
  const settings = useSellerSettings();
  return (
    <div>
      <PageHeading title={SETTINGS_TEXT.title}>{SETTINGS_TEXT.intro}</PageHeading>
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <p role="alert" className="text-destructive">
          {settings.error.message}
        </p>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </div>
  );
}

export function SettingsForm({ settings }: { settings: SellerSettings }) {
  const form = useForm<SettingsFormValues, unknown, SettingsBody>({
    resolver: settingsResolver,
    defaultValues: defaultsFrom(settings),
  });
  const update = useUpdateSellerSettings();
  const { errors, isSubmitting } = form.formState;
  const method = form.watch('payment_method');

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await update.mutateAsync(body);
      form.reset(defaultsFrom(saved));
      toast({ title: SELLER_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          form.setError(field as keyof SettingsFormValues, { message });
        }
      }
      toastError(SETTINGS_TEXT.saveFailed, error);
    }
  });

  const provinceError = errors.province?.message;
  const emailError = errors.payment_details?.email?.message;
  const cbuError = errors.payment_details?.cbu?.message;
  const aliasError = errors.payment_details?.alias?.message;
  const methodError = errors.payment_method?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-5" aria-label="Configuración">
      <Card className="space-y-5 p-5">
        <FormField
          id="settings-province"
          label={SETTINGS_TEXT.province}
          error={provinceError}
          hint={SETTINGS_TEXT.provinceHint}
        >
          <ProvinceSelect
            {...describedBy('settings-province', provinceError, SETTINGS_TEXT.provinceHint)}
            {...form.register('province')}
            placeholder={SETTINGS_TEXT.provincePlaceholder}
          />
        </FormField>
      </Card>

      <Card className="space-y-5 p-5">
        <fieldset>
          <legend className="text-sm font-medium">{SETTINGS_TEXT.paymentMethod}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <MethodOption
              value="mercadopago"
              title={SETTINGS_TEXT.mercadopago}
              hint={SETTINGS_TEXT.mercadopagoHint}
              icon={<Wallet />}
              checked={method === 'mercadopago'}
              register={form.register('payment_method')}
            />
            <MethodOption
              value="bank"
              title={SETTINGS_TEXT.bank}
              hint={SETTINGS_TEXT.bankHint}
              icon={<Landmark />}
              checked={method === 'bank'}
              register={form.register('payment_method')}
            />
          </div>
          {methodError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-destructive">
              {methodError}
            </p>
          ) : null}
        </fieldset>

        {method === 'mercadopago' ? (
          <FormField id="settings-email" label={SETTINGS_TEXT.email} error={emailError}>
            <Input
              {...describedBy('settings-email', emailError)}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="tu@correo.com"
              {...form.register('payment_details.email')}
            />
          </FormField>
        ) : null}
        {method === 'bank' ? (
          <>
            <FormField
              id="settings-cbu"
              label={SETTINGS_TEXT.cbu}
              error={cbuError}
              hint={SETTINGS_TEXT.cbuHint}
            >
              <Input
                {...describedBy('settings-cbu', cbuError, SETTINGS_TEXT.cbuHint)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={30}
                placeholder="0000000000000000000000"
                className="font-mono tracking-wide"
                {...form.register('payment_details.cbu')}
              />
            </FormField>
            <FormField id="settings-alias" label={SETTINGS_TEXT.alias} error={aliasError}>
              <Input
                {...describedBy('settings-alias', aliasError)}
                autoComplete="off"
                autoCapitalize="none"
                placeholder="mi.alias.banco"
                {...form.register('payment_details.alias')}
              />
            </FormField>
          </>
        ) : null}
        {settings.payment_method ? (
          <p className="flex gap-2 text-xs text-muted-foreground">
            <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
            {SETTINGS_TEXT.changeNotice}
          </p>
        ) : null}
      </Card>

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? SETTINGS_TEXT.saving : SETTINGS_TEXT.save}
      </Button>
    </form>
  );
}

function MethodOption({
  value,
  title,
  hint,
  icon,
  checked,
  register,
}: {
  value: 'mercadopago' | 'bank';
  title: string;
  hint: string;
  icon: ReactNode;
  checked: boolean;
  register: UseFormRegisterReturn<'payment_method'>;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-sky-50' : 'border-input hover:bg-muted',
      )}
    >
      <input type="radio" value={value} className="sr-only" {...register} />
      <span
        aria-hidden
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
          checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-slate-600',
        )}
      >
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
