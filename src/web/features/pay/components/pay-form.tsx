import { formatArs } from '@shared/money';
import { PAY_MESSAGES, type PayPage as PayPageData } from '@shared/orders/orders.schema';
import { Button } from '@web/components/ui/button';
import type { PayOrder } from '../lib/use-pay-order';
import { BuyerFields } from './buyer-fields';
import { METHOD_TEXT, PaymentMethods } from './payment-methods';
import { ProofOfWork } from './proof-of-work';
import { QuantityPicker } from './quantity-picker';

/** The buyer's order form: method, buyer data, quantity, total and the pay button. */
export function PayForm({
  methods,
  productId,
  order,
}: {
  methods: PayPageData['methods'];
  productId: string;
  order: PayOrder;
}) {
  const { provider, challenge } = order;
  return (
    <form onSubmit={order.submit} noValidate className="space-y-6" aria-label="Pagar">
      <PaymentMethods methods={methods} provider={provider} onChange={order.setProvider} />

      <BuyerFields form={order.form} />

      <QuantityPicker
        quantity={order.quantity}
        max={order.maxQuantity}
        onChange={order.setQuantity}
      />

      <div className="flex items-baseline justify-between border-t border-border pt-4">
        <span className="text-sm text-muted-foreground">Total a pagar</span>
        <span className="text-2xl font-extrabold text-foreground">{formatArs(order.total)}</span>
      </div>

      {order.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive">
          {order.error}
        </p>
      ) : null}

      {challenge ? (
        <ProofOfWork
          key={challenge.attempt}
          productId={productId}
          onVerified={(payload) =>
            void order.send({ ...challenge.body, challenge: payload }, challenge.attempt)
          }
        />
      ) : null}

      {/* Its longest words ('Verificando que no eres un robot…') wrap on a phone, never widen the page. */}
      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-12 w-full py-3 text-center whitespace-normal"
        disabled={!provider || order.pending || challenge !== null}
      >
        {order.pending
          ? 'Procesando…'
          : challenge
            ? PAY_MESSAGES.challengeRunning
            : provider
              ? METHOD_TEXT[provider].action
              : 'Elige cómo pagar'}
      </Button>
    </form>
  );
}
