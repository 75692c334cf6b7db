import { CreditCard, Landmark, Pencil, Trash2, Unlink, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  PROVIDER_LABELS,
  type PaymentMethod,
  type PaymentProvider,
} from '@shared/payments/payment-methods.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { formatDate } from '@web/lib/format-time';
import { CONNECTIONS, ConnectLink } from './account-connect';
import { MethodSummary } from './method-summary';

const ICONS: Record<PaymentProvider, ReactNode> = {
  mercadopago: <Wallet className="size-5" aria-hidden />,
  stripe: <CreditCard className="size-5" aria-hidden />,
  transferencia: <Landmark className="size-5" aria-hidden />,
};

/**
 * One configured method: its state, the switch that turns it on or off, edit
 * and delete; a connected MercadoPago or Stripe account shows its account and
 * Desconectar instead (its credentials are the provider's, not edited by hand).
 */
export function MethodCard({
  method,
  onToggle,
  onEdit,
  onDelete,
  onDisconnect,
}: {
  method: PaymentMethod;
  onToggle: (method: PaymentMethod, active: boolean) => void;
  onEdit: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
  onDisconnect: (method: PaymentMethod) => void;
}) {
  const provider = method.provider === 'transferencia' ? null : method.provider;
  const connected = method.connection === 'oauth' && provider !== null;
  const connection = provider ? CONNECTIONS[provider] : null;
  const broken = method.status === 'broken';
  const pending = method.status === 'pending';
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-sky-50 text-sky-800">
            {ICONS[method.provider]}
          </span>
          <div>
            <h2 className="font-bold text-foreground">{PROVIDER_LABELS[method.provider]}</h2>
            <p
              className={
                pending || broken
                  ? 'text-sm font-medium text-amber-800'
                  : method.is_active
                    ? 'text-sm font-medium text-emerald-700'
                    : 'text-sm text-muted-foreground'
              }
            >
              {/* A connection that cannot charge is not "Activa", whatever its switch says. */}
              {pending
                ? 'Activación pendiente: todavía no cobra'
                : broken
                  ? 'Desconectada: no cobra'
                  : method.is_active
                    ? 'Activa'
                    : 'Inactiva'}
              {connected && method.status === 'connected'
                ? ' · conectada: la comisión se cobra en el pago'
                : ''}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            checked={method.is_active}
            onCheckedChange={(checked) => onToggle(method, checked)}
            aria-label={`${PROVIDER_LABELS[method.provider]}: ${method.is_active ? 'desactivar' : 'activar'}`}
          />
          {connected ? (
            <Button variant="outline" size="sm" onClick={() => onDisconnect(method)}>
              <Unlink className="size-4" aria-hidden />
              {connection?.messages.disconnect}
            </Button>
          ) : (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Editar ${PROVIDER_LABELS[method.provider]}`}
                onClick={() => onEdit(method)}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive"
                aria-label={`Eliminar ${PROVIDER_LABELS[method.provider]}`}
                onClick={() => onDelete(method)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </>
          )}
        </div>
      </div>
      {connected && provider && connection ? (
        <div className="mt-4 space-y-3 text-sm">
          {broken ? (
            <div
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-destructive"
            >
              <p className="font-semibold">{connection.messages.brokenTitle}</p>
              <p className="mt-1">{connection.messages.broken}</p>
              <div className="mt-3">
                <ConnectLink provider={provider} label="Volver a conectar" />
              </div>
            </div>
          ) : null}
          {pending && provider === 'stripe' ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
              <p>{CONNECTIONS.stripe.messages.pending}</p>
              <div className="mt-3">
                <ConnectLink provider="stripe" label={CONNECTIONS.stripe.messages.resume} />
              </div>
            </div>
          ) : null}
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{connection.accountLabel}</dt>
              <dd className="font-medium break-all">
                {method.collector_id ? connection.account(method.collector_id) : '—'}
              </dd>
            </div>
            {method.connected_at && !pending ? (
              <div>
                <dt className="text-xs text-muted-foreground">Conectada el</dt>
                <dd className="font-medium">{formatDate(method.connected_at)}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      ) : (
        <MethodSummary method={method} />
      )}
    </Card>
  );
}
