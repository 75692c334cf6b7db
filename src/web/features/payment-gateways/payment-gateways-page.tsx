import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  PAYMENT_CONFIG_INPUT,
  PAYMENT_CONFIG_UPDATE,
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_PROVIDERS,
  PROVIDER_LABELS,
  type PaymentMethod,
  type PaymentProvider,
} from '@shared/payments/payment-methods.schema';
import { ConfirmDelete } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { MethodCard } from './components/method-card';
import {
  useDeletePaymentMethod,
  usePaymentMethods,
  useSavePaymentMethod,
  useTogglePaymentMethod,
} from './lib/use-payment-methods';

interface FieldSpec {
  name: string;
  label: string;
  secret?: boolean;
  optional?: boolean;
  multiline?: boolean;
  hint?: string;
}

const FIELDS: Record<PaymentProvider, FieldSpec[]> = {
  mercadopago: [
    { name: 'accessToken', label: 'Access Token', secret: true },
    {
      name: 'webhookSecret',
      label: 'Secreto del webhook (opcional)',
      secret: true,
      optional: true,
    },
  ],
  stripe: [
    { name: 'publishableKey', label: 'Clave publicable (pk_…)' },
    { name: 'secretKey', label: 'Clave secreta (sk_…)', secret: true },
    {
      name: 'webhookSecret',
      label: 'Secreto del webhook (opcional, whsec_…)',
      secret: true,
      optional: true,
    },
  ],
  transferencia: [
    { name: 'bankName', label: 'Banco' },
    { name: 'accountHolder', label: 'Titular de la cuenta' },
    { name: 'cbu', label: 'CBU', hint: '22 dígitos.' },
    { name: 'alias', label: 'Alias (opcional)', optional: true },
    { name: 'cuit', label: 'CUIT', hint: '11 dígitos, por ejemplo 30-71234567-1.' },
    {
      name: 'instructions',
      label: 'Instrucciones para el comprador (opcional)',
      optional: true,
      multiline: true,
    },
  ],
};

const HINT_OF: Record<string, 'access_token' | 'secret_key' | 'webhook_secret'> = {
  accessToken: 'access_token',
  secretKey: 'secret_key',
  webhookSecret: 'webhook_secret',
};

/** spec 02 §2 Pasarelas de Pago (/company/payment-gateways). */
export function PaymentGatewaysPage() {
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const toggle = useTogglePaymentMethod();
  const remove = useDeletePaymentMethod(() => setDeleting(null));

  const items = methods.data?.items ?? [];
  const configured = new Set(items.map((item) => item.provider));

  return (
    <div className="max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Pasarelas de Pago</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Cómo te pagan los compradores en tus links de pago.
          </p>
        </div>
        <Button
          onClick={() => setEditing('new')}
          disabled={configured.size === PAYMENT_PROVIDERS.length}
        >
          <Plus className="size-4" aria-hidden />
          Agregar pasarela
        </Button>
      </div>

      {methods.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Cargando pasarelas…" />
        </div>
      ) : methods.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {PAYMENT_METHOD_MESSAGES.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center p-10 text-center">
          <CreditCard className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">Todavía no configuraste cómo cobrar</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Agrega MercadoPago, Stripe o transferencia bancaria para que tus compradores puedan
            pagar.
          </p>
          <Button className="mt-5" onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden />
            Agregar mi primera pasarela
          </Button>
        </Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map((method) => (
            <li key={method.id}>
              <MethodCard
                method={method}
                onToggle={(m, active) => toggle.mutate({ id: m.id, is_active: active })}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          {editing !== null ? (
            <MethodForm
              key={editing === 'new' ? 'new' : editing.id}
              method={editing === 'new' ? undefined : editing}
              configured={configured}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={PAYMENT_METHOD_MESSAGES.deleteConfirm}
        describe={(method) =>
          `${PROVIDER_LABELS[method.provider]} dejará de aparecer en tus páginas de pago.`
        }
        pending={remove.isPending}
        onConfirm={(method) => remove.mutate(method.id)}
      />
    </div>
  );
}

/** Add or edit one provider, validated with the shared schema; secrets are write-only. */
function MethodForm({
  method,
  configured,
  onDone,
}: {
  method?: PaymentMethod;
  configured: Set<PaymentProvider>;
  onDone: () => void;
}) {
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

  const submit = async (event: React.FormEvent) => {
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

  return (
    <DialogForm
      title={editing ? `Editar ${PROVIDER_LABELS[method!.provider]}` : 'Agregar pasarela'}
      description={
        editing
          ? 'Deja vacío un campo secreto para conservar el que está guardado.'
          : 'Tus claves se guardan cifradas y nunca se muestran completas.'
      }
      onSubmit={(event) => void submit(event)}
      onCancel={onDone}
      pending={save.isPending}
      submitLabel={editing ? 'Guardar cambios' : 'Agregar'}
      submitDisabled={!provider}
      bodyClassName="space-y-4"
    >
      {!editing ? (
        <FormField id="method-provider" label="Pasarela" error={errors.provider}>
          <select
            {...describedBy('method-provider', errors.provider)}
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value as PaymentProvider);
              setValues({});
              setErrors({});
            }}
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
        ? FIELDS[provider].map((field) => {
            const id = `method-${field.name}`;
            const hintName = HINT_OF[field.name];
            const stored =
              hintName && method
                ? (method.config as Record<string, unknown>)[`${hintName}_last4`]
                : null;
            const hint =
              field.secret && stored
                ? `Guardado, termina en ${String(stored)}. Déjalo vacío para conservarlo.`
                : field.hint;
            return (
              <FormField
                key={field.name}
                id={id}
                label={field.label}
                error={errors[field.name]}
                hint={hint}
              >
                {field.multiline ? (
                  <textarea
                    {...describedBy(id, errors[field.name], hint)}
                    rows={3}
                    value={values[field.name] ?? ''}
                    onChange={(event) =>
                      setValues((v) => ({ ...v, [field.name]: event.target.value }))
                    }
                    className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base"
                  />
                ) : (
                  <Input
                    {...describedBy(id, errors[field.name], hint)}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete={field.secret ? 'new-password' : 'off'}
                    placeholder={field.secret && stored ? `•••• ${String(stored)}` : undefined}
                    value={values[field.name] ?? ''}
                    onChange={(event) =>
                      setValues((v) => ({ ...v, [field.name]: event.target.value }))
                    }
                  />
                )}
              </FormField>
            );
          })
        : null}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
          className="size-4 accent-sky-700"
        />
        Activa (se ofrece a los compradores)
      </label>
    </DialogForm>
  );
}
