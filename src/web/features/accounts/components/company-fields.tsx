import { Controller } from 'react-hook-form';
import { ProvinceMultiSelect } from '@web/components/province-multi-select';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { RegisterForm } from '../use-register-form';

/** A company's own fields: its name and the provinces it ships to. */
export function CompanyFields({ registration: { form, err } }: { registration: RegisterForm }) {
  return (
    <>
      <FormField id="register-company" label="Nombre de la empresa" error={err('companyName')}>
        <Input
          {...describedBy('register-company', err('companyName'))}
          autoComplete="organization"
          {...form.register('companyName')}
        />
      </FormField>
      <div className="space-y-1.5">
        <p id="register-shipping-label" className="text-sm font-medium">
          Provincias a las que envías
        </p>
        <Controller
          control={form.control}
          name="shipping_provinces"
          render={({ field }) => (
            <ProvinceMultiSelect
              id="register-shipping"
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(err('shipping_provinces'))}
              describedBy={err('shipping_provinces') ? 'register-shipping-error' : undefined}
            />
          )}
        />
        {err('shipping_provinces') ? (
          <p
            id="register-shipping-error"
            role="alert"
            className="text-sm font-medium text-destructive"
          >
            {err('shipping_provinces')}
          </p>
        ) : null}
      </div>
    </>
  );
}
