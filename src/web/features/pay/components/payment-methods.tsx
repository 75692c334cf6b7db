import { CreditCard, Landmark, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PayPage as PayPageData } from '@shared/orders/orders.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import { cn } from '@web/lib/cn';

export const METHOD_TEXT: Record<
  PaymentProvider,
  { label: string; hint: string; icon: ReactNode; action: string }
> = {
  mercadopago: {
    label: 'MercadoPago',
    hint: 'Dinero en cuenta, tarjetas o efectivo en MercadoPago.',
    icon: <Wallet className="size-5" aria-hidden />,
    action: 'Pagar con MercadoPago',
  },
  stripe: {
    label: 'Tarjeta de crédito o débito',
    hint: 'Pago seguro con tarjeta, procesado por Stripe.',
    icon: <CreditCard className="size-5" aria-hidden />,
    action: 'Continuar con tarjeta',
  },
  transferencia: {
    label: 'Transferencia bancaria',
    hint: 'Te mostramos los datos de la cuenta de la empresa.',
    icon: <Landmark className="size-5" aria-hidden />,
    action: 'Ver datos para transferir',
  },
};

/** The company's payment methods as radio cards, one of them chosen. */
export function PaymentMethods({
  methods,
  provider,
  onChange,
}: {
  methods: PayPageData['methods'];
  provider: PaymentProvider | null;
  onChange: (provider: PaymentProvider) => void;
}) {
  return (
    <fieldset>
      <legend className="text-base font-bold text-foreground">Cómo quieres pagar</legend>
      <div className="mt-3 space-y-2">
        {methods.map((method) => {
          const text = METHOD_TEXT[method.provider];
          const checked = provider === method.provider;
          return (
            <label
              key={method.provider}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 transition-colors',
                checked ? 'border-primary bg-sky-50' : 'border-border hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name="provider"
                value={method.provider}
                checked={checked}
                onChange={() => onChange(method.provider)}
                className="mt-1 size-4 accent-sky-700"
              />
              <span className="flex-1">
                <span className="flex items-center gap-2 font-semibold text-foreground">
                  {text.icon}
                  {text.label}
                </span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{text.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
