import { CreditCard, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MERCADOPAGO_CONNECT_MESSAGES,
  PAYMENT_METHOD_MESSAGES,
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
import { ConnectMercadoPagoCard } from './components/mercadopago-connect';
import { MethodForm } from './components/method-form';
import {
  useDeletePaymentMethod,
  useDisconnectMercadoPago,
  usePaymentMethods,
  useTogglePaymentMethod,
} from './lib/use-payment-methods';

/** Back from MercadoPago: says how connecting went once, then clears the address. */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const failed = params.get('connect_error');
  useEffect(() => {
    if (!connected && !failed) return;
    if (connected === 'mercadopago') {
      toast({ title: MERCADOPAGO_CONNECT_MESSAGES.connected, variant: 'success' });
    }
    if (failed === 'mercadopago') {
      toast({ title: MERCADOPAGO_CONNECT_MESSAGES.exchangeFailed, variant: 'destructive' });
    }
    setParams({}, { replace: true });
  }, [connected, failed, setParams]);
}

/** spec 02 §2 Pasarelas de Pago (/company/payment-gateways). */
export function PaymentGatewaysPage() {
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const toggle = useTogglePaymentMethod();
  const remove = useDeletePaymentMethod(() => setDeleting(null));
  const [disconnecting, setDisconnecting] = useState<PaymentMethod | null>(null);
  const disconnect = useDisconnectMercadoPago(() => setDisconnecting(null));
  useConnectOutcome();

  const items = methods.data?.items ?? [];
  const configured = new Set(items.map((item) => item.provider));
  const mercadoPago = items.find((item) => item.provider === 'mercadopago');
  const offerConnect =
    methods.data?.connect.mercadopago === true && mercadoPago?.connection !== 'oauth';

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

      {offerConnect ? <ConnectMercadoPagoCard /> : null}

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
        title="¿Desconectar tu cuenta de MercadoPago?"
        describe={() =>
          'Tus links dejarán de ofrecer MercadoPago hasta que la conectes de nuevo o cargues un Access Token. Las ventas ya cobradas no cambian.'
        }
        confirmLabel={MERCADOPAGO_CONNECT_MESSAGES.disconnect}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </div>
  );
}
