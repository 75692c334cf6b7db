import { useEffect, useRef, useState } from 'react';
import { formatArs } from '@shared/money';
import { PAY_MESSAGES, type PayNext } from '@shared/orders/orders.schema';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import {
  cardErrorMessage,
  loadStripe,
  type StripeClient,
  type StripeElements,
} from './stripe-loader';

/** Card payment with Stripe's Payment Element; Stripe.js loads only now. */
export function CardPayment({
  next,
  total,
  onBack,
}: {
  next: Extract<PayNext, { kind: 'stripe' }>;
  total: number;
  onBack: () => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeClient; elements: StripeElements } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripe(next.publishable_key, next.stripe_account).then(
      (client) => {
        if (cancelled || !target.current) return;
        const elements = client.elements({ clientSecret: next.client_secret, locale: 'es-419' });
        const element = elements.create('payment');
        element.mount(target.current);
        destroy = () => element.destroy();
        setStripe({ client, elements });
      },
      () => !cancelled && setError(PAY_MESSAGES.cardUnexpected),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [next.client_secret, next.publishable_key, next.stripe_account]);

  const pay = async () => {
    if (!stripe) return;
    setPaying(true);
    setError(null);
    const result = await stripe.client.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: next.return_url },
    });
    // confirmPayment only comes back on failure; success leaves for return_url.
    if (result.error) setError(cardErrorMessage(result.error, PAY_MESSAGES.cardUnexpected));
    setPaying(false);
  };

  return (
    <div className="space-y-5">
      <h2 className="text-base font-bold text-foreground">Pago con tarjeta</h2>
      <div
        ref={target}
        data-testid="stripe-payment-element"
        className="min-h-24"
        aria-busy={!stripe}
      >
        {!stripe && !error ? <Spinner label="Cargando el formulario de la tarjeta…" /> : null}
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="button" size="lg" className="w-full" disabled={!stripe || paying} onClick={pay}>
        {paying ? 'Procesando…' : `Pagar ${formatArs(total)}`}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="w-full text-sm text-muted-foreground underline"
      >
        Elegir otro método
      </button>
    </div>
  );
}
