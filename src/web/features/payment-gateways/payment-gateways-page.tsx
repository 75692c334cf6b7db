import { CreditCard, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MERCADOPAGO_CONNECT_MESSAGES,
  PAYMENT_METHOD_MESSAGES,
  STRIPE_CONNECT_MESSAGES,
  PAYMENT_PROVIDERS,
  PROVIDER_LABELS,
  type PaymentMethod,
} from '@shared/payments/payment-methods.schema';
import { ConfirmDelete } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { MethodCard } from './components/method-card';
import { ConnectAccountsCard, type ConnectableProvider } from './components/account-connect';
import { MethodForm } from './components/method-form';
import {
  useDeletePaymentMethod,
  useDisconnectAccount,
  usePaymentMethods,
  useTogglePaymentMethod,
} from './lib/use-payment-methods';

/** Back from MercadoPago or Stripe: says how connecting went once, then clears the address. */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const pending = params.get('pending');
  const failed = params.get('connect_error');
  const expired = params.get('refresh');
  useEffect(() => {
    if (!connected && !pending && !failed && !expired) return;
    if (connected === 'mercadopago') {
      toast({ title: MERCADOPAGO_CONNECT_MESSAGES.connected, variant: 'success' });
    }
    if (connected === 'stripe') {
      toast({ title: STRIPE_CONNECT_MESSAGES.connected, variant: 'success' });
    }
    if (pending === 'stripe') toast({ title: STRIPE_CONNECT_MESSAGES.pending });
    if (failed === 'mercadopago') {
      toast({ title: MERCADOPAGO_CONNECT_MESSAGES.exchangeFailed, variant: 'destructive' });
    }
    if (failed === 'stripe') {
      toast({ title: STRIPE_CONNECT_MESSAGES.startFailed, variant: 'destructive' });
    }
    // Stripe's onboarding link ran out (its refresh_url): the company continues from here.
    if (expired === 'stripe') toast({ title: STRIPE_CONNECT_MESSAGES.linkExpired });
    setParams({}, { replace: true });
  }, [connected, pending, failed, expired, setParams]);
}

/** spec 02 §2 Pasarelas de Pago (/company/payment-gateways). */
export function PaymentGatewaysPage() {
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const toggle = useTogglePaymentMethod();
  const remove = useDeletePaymentMethod(() => setDeleting(null));
  const [disconnecting, setDisconnecting] = useState<PaymentMethod | null>(null);
  const disconnect = useDisconnectAccount(() => setDisconnecting(null));
  useConnectOutcome();

  const items = methods.data?.items ?? [];
  const configured = new Set(items.map((item) => item.provider));
  // Each account the platform can connect and the company has not connected yet.
  const offerConnect = (['mercadopago', 'stripe'] as const).filter(
    (provider): provider is ConnectableProvider =>
      methods.data?.connect[provider] === true &&
      items.find((item) => item.provider === provider)?.connection !== 'oauth',
  );
  const disconnectName = disconnecting?.provider === 'stripe' ? 'Stripe' : 'MercadoPago';

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

      {offerConnect.length > 0 ? <ConnectAccountsCard providers={offerConnect} /> : null}

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
                onDisconnect={setDisconnecting}
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

      <ConfirmDelete
        item={disconnecting}
        onClose={() => setDisconnecting(null)}
        title={`¿Desconectar tu cuenta de ${disconnectName}?`}
        describe={(method) =>
          method.provider === 'stripe'
            ? 'Tus links dejarán de ofrecer el pago con tarjeta hasta que conectes tu cuenta de nuevo o cargues tus claves de Stripe. Las ventas ya cobradas no cambian.'
            : 'Tus links dejarán de ofrecer MercadoPago hasta que la conectes de nuevo o cargues un Access Token. Las ventas ya cobradas no cambian.'
        }
        confirmLabel={MERCADOPAGO_CONNECT_MESSAGES.disconnect}
        pending={disconnect.isPending}
        onConfirm={(method) =>
          disconnect.mutate(method.provider === 'stripe' ? 'stripe' : 'mercadopago')
        }
      />
    </div>
  );
}
