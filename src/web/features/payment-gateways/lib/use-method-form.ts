import { useState, type FormEvent } from 'react';
import {
  PAYMENT_CONFIG_INPUT,
  PAYMENT_CONFIG_UPDATE,
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_PROVIDERS,
  type PaymentMethod,
  type PaymentProvider,
} from '@shared/payments/payment-methods.schema';
import { toast } from '@web/components/ui/toast-store';
import { FIELDS } from './method-fields';
import { useSavePaymentMethod } from './use-payment-methods';

export interface MethodFormOptions {
  /** The method to edit; none adds a new one. */
  method?: PaymentMethod;
  /** The providers the company has already set up (each can be added once). */
  configured: Set<PaymentProvider>;
  onDone: () => void;
}

/**
 * The add or edit form of one provider: its values, validated with the shared
 * schema before saving; secrets are write-only, so an empty one keeps the stored one.
 */
export function useMethodForm({ method, configured, onDone }: MethodFormOptions) {
  const editing = Boolean(method);
  const firstFree = PAYMENT_PROVIDERS.find((provider) => !configured.has(provider));
  const [provider, setProvider] = useState<PaymentProvider | ''>(
    method?.provider ?? firstFree ?? '',
  );
  const [values, setValues] = useState<Record<string, string>>(() => {
    const initial: Record<string, string> = {};
    if (method) {
      for (const field of FIELDS[method.provider]) {
        if (!field.secret)
          initial[field.name] =
            ((method.config as Record<string, unknown>)[field.name] as string) ?? '';
      }
    }
    return initial;
  });
  const [active, setActive] = useState(method?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePaymentMethod(method);

  /** Another provider starts from empty fields. */
  const chooseProvider = (next: PaymentProvider) => {
    setProvider(next);
    setValues({});
    setErrors({});
  };

  const setValue = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!provider) {
      setErrors({ provider: PAYMENT_METHOD_MESSAGES.providerRequired });
      return;
    }
    const config = Object.fromEntries(
      FIELDS[provider]
        .map((field) => [field.name, (values[field.name] ?? '').trim()] as const)
        .filter(
          ([name, value]) =>
            value !== '' || !(editing && FIELDS[provider].find((f) => f.name === name)?.secret),
        ),
    );
    const schema = editing ? PAYMENT_CONFIG_UPDATE[provider] : PAYMENT_CONFIG_INPUT[provider];
    const parsed = schema.safeParse(config);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(
        editing ? { config, is_active: active } : { provider, config, is_active: active },
      );
      toast({
        title: editing ? PAYMENT_METHOD_MESSAGES.updated : PAYMENT_METHOD_MESSAGES.added,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields)
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([k, v]) => [k.replace(/^config\./, ''), v]),
          ),
        );
      toast({
        title: error instanceof Error ? error.message : 'No se pudo guardar la pasarela.',
        variant: 'destructive',
      });
    }
  };

  return {
    editing,
    provider,
    chooseProvider,
    values,
    setValue,
    active,
    setActive,
    errors,
    pending: save.isPending,
    submit,
  };
}
