import { Link2, ShieldCheck } from 'lucide-react';
import {
  MERCADOPAGO_CONNECT_MESSAGES,
  STRIPE_CONNECT_MESSAGES,
} from '@shared/payments/payment-methods.schema';
import { Card } from '@web/components/ui/card';
import { toastError } from '@web/components/ui/toast-store';
import { ensureRecentVerification } from '@web/lib/step-up';
import { useStartStripeConnect } from '../lib/use-payment-methods';

/** The accounts a company can connect to the platform, so payments split themselves. */
export type ConnectableProvider = 'mercadopago' | 'stripe';

/** What each connection is called and how it starts. */
export const CONNECTIONS = {
  mercadopago: {
    // A visit: the server answers a 302 to MercadoPago's authorization page.
    url: '/api/company/payment-methods/mercadopago/connect',
    messages: MERCADOPAGO_CONNECT_MESSAGES,
    accountLabel: 'Cuenta de MercadoPago',
    account: (id: string) => `N.º ${id}`,
  },
  stripe: {
    // A POST (it creates the account at Stripe), answered with the onboarding link.
    url: '/api/company/payment-methods/stripe/connect',
    messages: STRIPE_CONNECT_MESSAGES,
    accountLabel: 'Cuenta de Stripe',
    account: (id: string) => id,
  },
} as const;

const PRIMARY =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 py-2 text-center text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60';

/**
 * Starts connecting an account: MercadoPago's is a link to follow; Stripe's a
 * button that posts, then follows the onboarding link the server answers.
 * Either changes where the company's money goes: the link asks for the
 * password first when the session's last verification has lapsed (the post
 * gets the same dialog from the API client).
 */
export function ConnectLink({
  provider,
  label,
}: {
  provider: ConnectableProvider;
  label?: string;
}) {
  const connection = CONNECTIONS[provider];
  const text = label ?? connection.messages.connect;
  if (provider === 'stripe') return <StripeConnectButton label={text} />;
  return (
    <a
      href={connection.url}
      onClick={(event) => {
        event.preventDefault();
        ensureRecentVerification()
          .then((verified) => verified && window.location.assign(connection.url))
          .catch((error: unknown) => toastError(connection.messages.connect, error));
      }}
      className={PRIMARY}
    >
      <Link2 className="size-4 shrink-0" aria-hidden />
      {text}
    </a>
  );
}

function StripeConnectButton({ label }: { label: string }) {
  const start = useStartStripeConnect();
  // Still pending once the answer came: the browser is on its way to Stripe.
  const going = start.isPending || start.isSuccess;
  return (
    <button type="button" className={PRIMARY} disabled={going} onClick={() => start.mutate()}>
      <Link2 className="size-4 shrink-0" aria-hidden />
      {label}
    </button>
  );
}

/**
 * Offered while an account the platform can connect is not connected: what
 * connecting changes, and one button per provider.
 */
export function ConnectAccountsCard({ providers }: { providers: ConnectableProvider[] }) {
  const names = providers.map((provider) => (provider === 'stripe' ? 'Stripe' : 'MercadoPago'));
  return (
    <Card className="mt-6 border-sky-200 bg-sky-50/60 p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-sky-700" aria-hidden />
          <div>
            <h2 className="font-bold text-foreground">Cobra sin liquidaciones pendientes</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Conecta tu cuenta de {names.join(' o ')}: cada pago se divide solo. Tú recibes tu
              precio y la plataforma la comisión en el momento, así que esas ventas no suman a lo
              que debes cada mes.
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2">
          {providers.map((provider) => (
            <ConnectLink key={provider} provider={provider} />
          ))}
        </div>
      </div>
    </Card>
  );
}
