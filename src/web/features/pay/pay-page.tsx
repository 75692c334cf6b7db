import {
  AlertCircle,
  Building2,
  CreditCard,
  Landmark,
  Lock,
  Minus,
  Package,
  Plus,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import {
  PAY_MESSAGES,
  type PayPage as PayPageData,
  type PayNext,
  type PayRequest,
} from '@shared/orders/orders.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { usePayPage, useStartPayment } from './api/pay-api';
import { useBuyerForm } from './lib/buyer-form';
import { pathParam, searchParams } from './lib/location';
import { useDocumentTitle } from './lib/use-document-title';
import { ProofOfWork } from './components/proof-of-work';
import {
  cardErrorMessage,
  loadStripe,
  type StripeClient,
  type StripeElements,
} from './components/stripe-loader';

const METHOD_TEXT: Record<
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

/** spec 02 §2 /pay/:productId: a seller's payment link, as the buyer sees it. */
export function PayPage() {
  const productId = pathParam();
  const ref = searchParams().get('ref');
  const page = usePayPage(productId, ref);
  useDocumentTitle(
    page.data
      ? `${page.data.product.title} | ${page.data.company.name || BRAND.name}`
      : `Pagar | ${BRAND.name}`,
  );

  if (page.status === 'pending' && productId) {
    return (
      <Shell>
        <div className="flex justify-center py-24">
          <Spinner label="Cargando el producto…" />
        </div>
      </Shell>
    );
  }
  if (page.status !== 'success') {
    const notFound = !productId || (page.error instanceof ApiError && page.error.status === 404);
    return (
      <Shell>
        <Notice
          title={notFound ? PAY_MESSAGES.productNotFound : PAY_MESSAGES.methodsLoadFailed}
          body={
            notFound
              ? 'Puede que el link esté incompleto o que el producto ya no se venda. Pídele a quien te lo envió un link nuevo.'
              : 'Revisa tu conexión y vuelve a intentarlo.'
          }
        />
      </Shell>
    );
  }
  return (
    <Shell>
      <PayContent data={page.data} productId={productId} ref_={ref} refresh={page.refresh} />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">{children}</main>
      <footer className="pb-8 text-center text-xs text-muted-foreground">
        <Lock className="mr-1 inline size-3" aria-hidden />
        Pago protegido · {BRAND.name}
      </footer>
    </div>
  );
}

function Notice({ title, body }: { title: string; body: string }) {
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="alert">
      <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden />
      <h1 className="mt-4 text-xl font-bold text-foreground">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{body}</p>
    </Card>
  );
}

function CompanyHeader({ company }: { company: PayPageData['company'] }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      {company.logo_url ? (
        <img
          src={company.logo_url}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-lg border border-border bg-white object-contain p-1"
        />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-lg bg-sky-100 text-sky-800">
          <Building2 className="size-6" aria-hidden />
        </span>
      )}
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Vende</p>
        <p className="text-lg font-bold text-foreground">{company.name}</p>
      </div>
    </div>
  );
}

function Gallery({ urls, title }: { urls: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = urls[index];
  if (!current) {
    return (
      <div className="flex h-40 w-full items-center justify-center rounded-xl bg-slate-100 text-slate-400 sm:h-64">
        <Package className="size-12" aria-label="Producto sin imagen" />
      </div>
    );
  }
  return (
    <div>
      <img
        src={current}
        alt={title}
        width={600}
        height={600}
        fetchPriority="high"
        className="aspect-square w-full rounded-xl border border-border bg-white object-contain"
      />
      {urls.length > 1 ? (
        <div
          className="mt-3 flex gap-2 overflow-x-auto"
          role="list"
          aria-label="Imágenes del producto"
        >
          {urls.map((url, i) => (
            <button
              key={url}
              type="button"
              role="listitem"
              onClick={() => setIndex(i)}
              aria-label={`Ver imagen ${i + 1}`}
              aria-current={i === index}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-lg border-2 bg-white',
                i === index ? 'border-primary' : 'border-transparent',
              )}
            >
              <img src={url} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** New challenges the page asks for in a row before telling the buyer to reload. */
const CHALLENGE_ATTEMPTS = 3;

function PayContent({
  data,
  productId,
  ref_,
  refresh,
}: {
  data: PayPageData;
  productId: string;
  ref_: string | null;
  /** Reads the product again (its price changed under the buyer). */
  refresh: () => Promise<void>;
}) {
  const methods = data.methods;
  const [provider, setProvider] = useState<PaymentProvider | null>(methods[0]?.provider ?? null);
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<Extract<PayNext, { kind: 'stripe' }> | null>(null);
  // The order waiting for a proof of work, and how many challenges it has had.
  const [challenge, setChallenge] = useState<{ body: PayRequest; attempt: number } | null>(null);
  const payment = useStartPayment(productId);
  const maxQuantity = Math.max(1, data.product.max_quantity);
  const form = useBuyerForm('buyer-');
  const errors = form.errors;
  const total = data.product.buyer_price_cents * Math.min(quantity, maxQuantity);

  useEffect(() => {
    // A re-read product may allow fewer units than were chosen.
    if (quantity > maxQuantity) setQuantity(maxQuantity);
  }, [quantity, maxQuantity]);

  const send = async (body: PayRequest, attempt = 0) => {
    setError(null);
    try {
      const answer = await payment.start(body);
      if (!answer) return;
      setChallenge(null);
      if (answer.next.kind === 'stripe') setCard(answer.next);
      else window.location.assign(answer.next.url);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 428 && attempt < CHALLENGE_ATTEMPTS) {
        // The server wants a proof of work: a fresh widget solves a new challenge.
        setChallenge({ body, attempt: attempt + 1 });
        return;
      }
      setChallenge(null);
      if (failure instanceof ApiError && failure.code === 'PRICE_CHANGED') await refresh();
      setError(
        failure instanceof ApiError && failure.status === 428
          ? PAY_MESSAGES.challengeFailed
          : payErrorMessage(failure),
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const buyer = form.validate();
    if (!buyer || !provider || challenge) return;
    await send({
      provider,
      quantity,
      buyer,
      // Shown on screen: if the company changed the price since, the server says so.
      expected_total_cents: total,
      ...(ref_ ? { ref: ref_ } : {}),
    });
  };

  return (
    <>
      <CompanyHeader company={data.company} />
      <div className="grid gap-6 lg:grid-cols-[1fr_420px] lg:gap-10">
        <section aria-labelledby="product-title">
          <Gallery urls={data.product.image_urls} title={data.product.title} />
          <h1
            id="product-title"
            className="mt-5 text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
          >
            {data.product.title}
          </h1>
          {data.seller ? (
            <p className="mt-2 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              {PAY_MESSAGES.recommendedBy(data.seller.name)}
            </p>
          ) : null}
          <p className="mt-3 text-3xl font-extrabold text-brand-dark">
            {formatArs(data.product.buyer_price_cents)}
          </p>
          {data.product.description ? (
            <p className="mt-4 whitespace-pre-line text-base leading-relaxed text-muted-foreground">
              {data.product.description}
            </p>
          ) : null}
        </section>

        <Card className="h-fit p-5 sm:p-6">
          {card ? (
            <CardPayment next={card} total={total} onBack={() => setCard(null)} />
          ) : methods.length === 0 ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {PAY_MESSAGES.noMethods}
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-6" aria-label="Pagar">
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
                          checked
                            ? 'border-primary bg-sky-50'
                            : 'border-border hover:border-slate-300',
                        )}
                      >
                        <input
                          type="radio"
                          name="provider"
                          value={method.provider}
                          checked={checked}
                          onChange={() => setProvider(method.provider)}
                          className="mt-1 size-4 accent-sky-700"
                        />
                        <span className="flex-1">
                          <span className="flex items-center gap-2 font-semibold text-foreground">
                            {text.icon}
                            {text.label}
                          </span>
                          <span className="mt-0.5 block text-sm text-muted-foreground">
                            {text.hint}
                          </span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>

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

              <div className="flex items-center justify-between gap-4">
                <span id="quantity-label" className="text-sm font-semibold text-foreground">
                  Cantidad
                </span>
                <div
                  className="flex items-center gap-2"
                  role="group"
                  aria-labelledby="quantity-label"
                >
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Una unidad menos"
                    disabled={quantity <= 1}
                    onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                  >
                    <Minus className="size-4" aria-hidden />
                  </Button>
                  <output aria-live="polite" className="w-8 text-center text-lg font-bold">
                    {quantity}
                  </output>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Una unidad más"
                    disabled={quantity >= maxQuantity}
                    onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                  >
                    <Plus className="size-4" aria-hidden />
                  </Button>
                </div>
              </div>

              <div className="flex items-baseline justify-between border-t border-border pt-4">
                <span className="text-sm text-muted-foreground">Total a pagar</span>
                <span className="text-2xl font-extrabold text-foreground">{formatArs(total)}</span>
              </div>

              {error ? (
                <p
                  role="alert"
                  className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive"
                >
                  {error}
                </p>
              ) : null}

              {challenge ? (
                <ProofOfWork
                  key={challenge.attempt}
                  productId={productId}
                  onVerified={(payload) =>
                    void send({ ...challenge.body, challenge: payload }, challenge.attempt)
                  }
                />
              ) : null}

              <Button
                type="submit"
                size="lg"
                className="w-full"
                disabled={!provider || payment.pending || challenge !== null}
              >
                {payment.pending
                  ? 'Procesando…'
                  : challenge
                    ? PAY_MESSAGES.challengeRunning
                    : provider
                      ? METHOD_TEXT[provider].action
                      : 'Elige cómo pagar'}
              </Button>
            </form>
          )}
        </Card>
      </div>
    </>
  );
}

/** Card payment with Stripe's Payment Element; Stripe.js loads only now. */
function CardPayment({
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
    loadStripe(next.publishable_key).then(
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
  }, [next.client_secret, next.publishable_key]);

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

/** The server's Spanish message for what it refused; our generic text for anything else. */
export function payErrorMessage(failure: unknown): string {
  if (!(failure instanceof ApiError)) return PAY_MESSAGES.paymentFailed;
  if (failure.status >= 400 && failure.status < 500) return failure.message;
  if (failure.code === 'PREFERENCE_FAILED') return PAY_MESSAGES.preferenceFailed;
  return PAY_MESSAGES.paymentFailed;
}
