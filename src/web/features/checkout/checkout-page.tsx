import { AlertCircle, CheckCircle2, Clock, Lock, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BRAND } from '@shared/brand';
import type { CheckoutBuyer, CheckoutSummary } from '@shared/store/checkout.schema';
import { BrandMark } from '@web/components/brand-logo';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import {
  useCancelCheckout,
  useCheckoutSummary,
  useConfirmStripe,
  usePayCheckout,
} from './api/checkout-api';
import { CHECKOUT_TEXT } from './checkout-messages';
import { BuyerForm } from './components/buyer-form';
import { OrderSummary } from './components/order-summary';
import { ReservationTimer, useSecondsLeft } from './components/reservation-timer';
import { TransferInstructions } from './components/transfer-instructions';
import { TransferWaiting } from './components/transfer-waiting';

/** In the address once the buyer said the transfer is made (no secret: the state of the page). */
const TRANSFER_SENT_PARAM = 'transfer';
const TRANSFER_SENT_VALUE = 'sent';

/** Our hosted checkout page, /checkout/:orderId?token=… (the address POST checkout answers). */
export function CheckoutPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const sessionId = params.get('session_id');
  const summary = useCheckoutSummary(orderId, token);

  let content: ReactNode;
  if (summary.isPending)
    content = (
      <div className="flex justify-center py-24">
        <Spinner label={CHECKOUT_TEXT.loading} />
      </div>
    );
  else if (summary.isError)
    content = (
      <StatusCard
        icon={<AlertCircle className="size-9 text-destructive" aria-hidden />}
        title={CHECKOUT_TEXT.notFoundTitle}
        body={summary.error.message}
      />
    );
  else if (sessionId && summary.data.status !== 'paid')
    content = (
      <StripeReturn orderId={orderId} token={token} sessionId={sessionId} data={summary.data} />
    );
  else
    content = (
      <CheckoutContent
        orderId={orderId}
        token={token}
        data={summary.data}
        reload={() => void summary.refetch()}
      />
    );

  return (
    <div lang="en" className="min-h-dvh bg-background">
      <PageMeta title={`${CHECKOUT_TEXT.pageTitle} | ${BRAND.name}`} />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <span className="inline-flex items-center gap-2.5">
            <BrandMark className="size-8" />
            <span className="text-lg font-extrabold tracking-tight text-brand-dark">
              Vende<span className="text-primary">Más</span>
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <Lock className="size-4 text-success" aria-hidden />
            {CHECKOUT_TEXT.secure}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">{content}</main>
    </div>
  );
}

function CheckoutContent({
  orderId,
  token,
  data,
  reload,
}: {
  orderId: string;
  token: string;
  data: CheckoutSummary;
  reload: () => void;
}) {
  const pay = usePayCheckout(orderId, token);
  const cancel = useCancelCheckout(orderId, token);
  const [params, setParams] = useSearchParams();
  const transferSent = params.get(TRANSFER_SENT_PARAM) === TRANSFER_SENT_VALUE;
  const secondsLeft = useSecondsLeft(data.reserved_until, data.now);
  const expiring = data.status === 'reserved' || data.status === 'pending_payment';

  // When the clock runs out the server expires the order on the next read.
  useEffect(() => {
    if (expiring && secondsLeft === 0) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiring, secondsLeft === 0]);

  const goTo = (url: string) => window.location.assign(url);

  const onPay = (buyer: CheckoutBuyer) => {
    pay.mutate(buyer, {
      onSuccess: (result) => {
        if (result.redirect_url) goTo(result.redirect_url);
        else window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        toast({
          title: CHECKOUT_TEXT.checkoutErrorTitle,
          description:
            error instanceof ApiError && error.status < 500 && !error.fields
              ? error.message
              : CHECKOUT_TEXT.checkoutErrorDescription,
          variant: 'destructive',
        });
        if (error instanceof ApiError && error.status === 410) reload();
      },
    });
  };
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => goTo(result.redirect_url),
      onError: () =>
        toast({
          title: CHECKOUT_TEXT.checkoutErrorTitle,
          description: CHECKOUT_TEXT.checkoutErrorDescription,
          variant: 'destructive',
        }),
    });

  if (data.status === 'expired')
    return (
      <StatusCard
        icon={<Clock className="size-9 text-amber-600" aria-hidden />}
        title={CHECKOUT_TEXT.expiredTitle}
        body={CHECKOUT_TEXT.expiredBody}
        action={{ label: CHECKOUT_TEXT.backToStore, href: data.cancel_url }}
      />
    );
  if (data.status === 'cancelled')
    return (
      <StatusCard
        icon={<XCircle className="size-9 text-muted-foreground" aria-hidden />}
        title={CHECKOUT_TEXT.cancelledTitle}
        body={CHECKOUT_TEXT.cancelledBody}
        action={{ label: CHECKOUT_TEXT.backToStore, href: data.cancel_url }}
      />
    );
  if (data.status === 'paid')
    return (
      <StatusCard
        icon={<CheckCircle2 className="size-9 text-success" aria-hidden />}
        title={CHECKOUT_TEXT.paidTitle}
        body={CHECKOUT_TEXT.paidBody}
        action={{ label: CHECKOUT_TEXT.continue, href: data.success_url }}
      />
    );

  const transferChosen = data.status === 'pending_transfer';
  const waiting = transferChosen && transferSent;
  // Replaces the entry, so Back from here leaves the checkout instead of showing the form.
  const onTransferSent = () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TRANSFER_SENT_PARAM, TRANSFER_SENT_VALUE);
        return next;
      },
      { replace: true },
    );
    window.scrollTo({ top: 0 });
  };
  const cancelButton = (
    <Button
      variant="ghost"
      className="w-full text-muted-foreground"
      onClick={onCancel}
      disabled={cancel.isPending || pay.isPending}
    >
      {cancel.isPending ? CHECKOUT_TEXT.cancelling : CHECKOUT_TEXT.cancel}
    </Button>
  );

  return (
    <>
      {/* Waiting for the transfer, the status card carries the page's heading. */}
      {waiting ? null : (
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-foreground sm:mb-8 sm:text-3xl">
          {CHECKOUT_TEXT.pageTitle}
        </h1>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-12">
        {/* On a phone the summary comes first, except once the bank details are what matters. */}
        <div className={cn('min-w-0 space-y-6 lg:order-1', transferChosen ? 'order-1' : 'order-2')}>
          {waiting ? (
            <TransferWaiting summary={data} />
          ) : transferChosen ? (
            <TransferInstructions summary={data} onDone={onTransferSent} />
          ) : (
            <Card className="p-5 sm:p-6">
              <BuyerForm
                summary={data}
                pending={pay.isPending}
                serverErrors={buyerErrors(pay.error)}
                onSubmit={onPay}
              />
            </Card>
          )}
          {waiting ? null : cancelButton}
        </div>
        <aside
          className={cn(
            'min-w-0 lg:sticky lg:top-8 lg:order-2 lg:self-start',
            transferChosen ? 'order-2' : 'order-1',
          )}
        >
          <OrderSummary
            summary={data}
            banner={expiring ? <ReservationTimer seconds={secondsLeft} /> : null}
          />
        </aside>
      </div>
    </>
  );
}

/** Field errors the server answered for the buyer (`buyer.email` → `email`). */
function buyerErrors(error: unknown): Partial<Record<keyof CheckoutBuyer, string>> | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  return Object.fromEntries(
    Object.entries(error.fields)
      .filter(([key]) => key.startsWith('buyer.'))
      .map(([key, message]) => [key.slice('buyer.'.length), message]),
  );
}

function StripeReturn({
  orderId,
  token,
  sessionId,
  data,
}: {
  orderId: string;
  token: string;
  sessionId: string;
  data: CheckoutSummary;
}) {
  const confirm = useConfirmStripe(orderId, token, sessionId);
  useEffect(() => {
    if (confirm.data?.status === 'paid') window.location.assign(data.success_url);
  }, [confirm.data?.status, data.success_url]);
  if (confirm.isError)
    return (
      <StatusCard
        icon={<AlertCircle className="size-9 text-destructive" aria-hidden />}
        title={CHECKOUT_TEXT.checkoutErrorTitle}
        body={CHECKOUT_TEXT.checkoutErrorDescription}
        action={{ label: CHECKOUT_TEXT.backToStore, href: data.cancel_url }}
      />
    );
  return (
    <StatusCard
      icon={<Clock className="size-9 animate-pulse text-primary" aria-hidden />}
      title={CHECKOUT_TEXT.confirmingTitle}
      body={CHECKOUT_TEXT.confirmingBody}
    />
  );
}

function StatusCard({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: { label: string; href: string };
}) {
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="status">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-muted">
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-bold text-foreground">{title}</h1>
      <p className="mt-3 text-muted-foreground">{body}</p>
      {action ? (
        <Button asChild size="lg" className="mt-8 w-full">
          <a href={action.href}>{action.label}</a>
        </Button>
      ) : null}
    </Card>
  );
}
