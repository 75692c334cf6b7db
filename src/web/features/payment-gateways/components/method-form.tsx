import {
  PAYMENT_PROVIDERS,
  PROVIDER_LABELS,
  type PaymentProvider,
} from '@shared/payments/payment-methods.schema';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { FIELDS } from '../lib/method-fields';
import { useMethodForm, type MethodFormOptions } from '../lib/use-method-form';
import { MethodField } from './method-field';

/** Add or edit one provider, validated with the shared schema; secrets are write-only. */
export function MethodForm({ method, configured, onDone }: MethodFormOptions) {
  const form = useMethodForm({ method, configured, onDone });
  const { editing, provider, errors } = form;

  return (
    <DialogForm
      title={editing ? `Editar ${PROVIDER_LABELS[method!.provider]}` : 'Agregar pasarela'}
      description={
        editing
          ? 'Deja vacío un campo secreto para conservar el que está guardado.'
          : 'Tus claves se guardan cifradas y nunca se muestran completas.'
      }
      onSubmit={(event) => void form.submit(event)}
      onCancel={onDone}
      pending={form.pending}
      submitLabel={editing ? 'Guardar cambios' : 'Agregar'}
      submitDisabled={!provider}
      bodyClassName="space-y-4"
    >
      {!editing ? (
        <FormField id="method-provider" label="Pasarela" error={errors.provider}>
          <select
            {...describedBy('method-provider', errors.provider)}
            value={provider}
            onChange={(event) => form.chooseProvider(event.target.value as PaymentProvider)}
            className="h-11 w-full rounded-lg border border-input bg-background px-3 text-base"
          >
            <option value="" disabled>
              Elige una pasarela
            </option>
            {PAYMENT_PROVIDERS.map((option) => (
              <option key={option} value={option} disabled={configured.has(option)}>
                {PROVIDER_LABELS[option]}
                {configured.has(option) ? ' (ya configurada)' : ''}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
      {provider
        ? FIELDS[provider].map((field) => (
            <MethodField
              key={field.name}
              field={field}
              method={method}
              value={form.values[field.name] ?? ''}
              error={errors[field.name]}
              onChange={(value) => form.setValue(field.name, value)}
            />
          ))
        : null}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(event) => form.setActive(event.target.checked)}
          className="size-4 accent-sky-700"
        />
        Activa (se ofrece a los compradores)
      </label>
    </DialogForm>
  );
}
