import type { PaymentMethod } from '@shared/payments/payment-methods.schema';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { HINT_OF, type FieldSpec } from '../lib/method-fields';

/** One setting of a provider; a stored secret is shown only by its last four characters. */
export function MethodField({
  field,
  method,
  value,
  error,
  onChange,
}: {
  field: FieldSpec;
  /** The method being edited, whose stored secrets the hint speaks of. */
  method?: PaymentMethod;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `method-${field.name}`;
  const hintName = HINT_OF[field.name];
  const stored =
    hintName && method ? (method.config as Record<string, unknown>)[`${hintName}_last4`] : null;
  const hint =
    field.secret && stored
      ? `Guardado, termina en ${String(stored)}. Déjalo vacío para conservarlo.`
      : field.hint;
  return (
    <FormField id={id} label={field.label} error={error} hint={hint}>
      {field.multiline ? (
        <textarea
          {...describedBy(id, error, hint)}
          rows={3}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base"
        />
      ) : (
        <Input
          {...describedBy(id, error, hint)}
          type={field.secret ? 'password' : 'text'}
          autoComplete={field.secret ? 'new-password' : 'off'}
          placeholder={field.secret && stored ? `•••• ${String(stored)}` : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
