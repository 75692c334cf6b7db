import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { useBuyerForm } from '../lib/buyer-form';

/** The buyer's name, e-mail and phone; the inputs' ids start with `buyer-`. */
export function BuyerFields({ form }: { form: ReturnType<typeof useBuyerForm> }) {
  const errors = form.errors;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-bold text-foreground">Tus datos</legend>
      <FormField id="buyer-name" label="Nombre y apellido" error={errors.name}>
        <Input
          {...describedBy('buyer-name', errors.name)}
          autoComplete="name"
          {...form.field('name')}
        />
      </FormField>
      <FormField
        id="buyer-email"
        label="E-mail"
        error={errors.email}
        hint="Te enviamos el comprobante a esta dirección."
      >
        <Input
          {...describedBy('buyer-email', errors.email, 'hint')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
      </FormField>
      <FormField id="buyer-phone" label="Teléfono (opcional)" error={errors.phone}>
        <Input
          {...describedBy('buyer-phone', errors.phone)}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...form.field('phone')}
        />
      </FormField>
    </fieldset>
  );
}
