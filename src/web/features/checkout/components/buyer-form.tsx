import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Landmark } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CheckoutBuyer, type CheckoutSummary } from '@shared/store/checkout.schema';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { CHECKOUT_TEXT } from '../checkout-messages';

const EMPTY: CheckoutBuyer = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  province: '',
};

type Field = keyof CheckoutBuyer;
const FIELDS: { name: Field; autoComplete: string; type?: string; half?: boolean }[] = [
  { name: 'address', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2', half: true },
  { name: 'postalCode', autoComplete: 'postal-code', half: true },
  { name: 'province', autoComplete: 'address-level1' },
];

/** The buyer's details, validated with the same schema as the server, then payment. */
export function BuyerForm({
  summary,
  pending,
  serverErrors,
  onSubmit,
}: {
  summary: CheckoutSummary;
  pending: boolean;
  serverErrors?: Partial<Record<Field, string>>;
  onSubmit: (buyer: CheckoutBuyer) => void;
}) {
  const form = useForm<CheckoutBuyer>({
    resolver: zodResolver(CheckoutBuyer),
    defaultValues: { ...EMPTY, ...summary.buyer },
  });
  const errors = form.formState.errors;
  const error = (field: Field) => errors[field]?.message ?? serverErrors?.[field];
  const isStripe = summary.payment_method === 'stripe';

  const field = (name: Field, autoComplete: string, type = 'text') => (
    <FormField id={`buyer-${name}`} label={CHECKOUT_TEXT[name]} error={error(name)}>
      <Input
        {...describedBy(`buyer-${name}`, error(name))}
        type={type}
        autoComplete={autoComplete}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-8"
      aria-label={CHECKOUT_TEXT.pageTitle}
    >
      <section className="space-y-4" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-lg font-bold text-foreground">
          {CHECKOUT_TEXT.contactHeading}
        </h2>
        {field('name', 'name')}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('email', 'email', 'email')}
          {field('phone', 'tel', 'tel')}
        </div>
      </section>

      <section className="space-y-4" aria-labelledby="shipping-heading">
        <h2 id="shipping-heading" className="text-lg font-bold text-foreground">
          {CHECKOUT_TEXT.shippingHeading}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((item) => (
            <div key={item.name} className={item.half ? '' : 'sm:col-span-2'}>
              {field(item.name, item.autoComplete, item.type)}
            </div>
          ))}
        </div>
      </section>

      <section className="space-y-4" aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="text-lg font-bold text-foreground">
          {CHECKOUT_TEXT.paymentHeading}
        </h2>
        <div className="flex items-start gap-3 rounded-lg border border-primary/40 bg-sky-50 p-4 text-sm text-sky-950">
          {isStripe ? (
            <CreditCard className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          ) : (
            <Landmark className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          )}
          <p>{isStripe ? CHECKOUT_TEXT.stripeIntro : CHECKOUT_TEXT.transferIntro}</p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending
            ? CHECKOUT_TEXT.processing
            : isStripe
              ? CHECKOUT_TEXT.payWithCard(summary.total_formatted)
              : CHECKOUT_TEXT.placeTransferOrder(summary.total_formatted)}
        </Button>
      </section>
    </form>
  );
}
