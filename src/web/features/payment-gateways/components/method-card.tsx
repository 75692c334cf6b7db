import { CreditCard, Landmark, Pencil, Trash2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  PROVIDER_LABELS,
  type PaymentMethod,
  type PaymentProvider,
} from '@shared/payments/payment-methods.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { MethodSummary } from './method-summary';

const ICONS: Record<PaymentProvider, ReactNode> = {
  mercadopago: <Wallet className="size-5" aria-hidden />,
  stripe: <CreditCard className="size-5" aria-hidden />,
  transferencia: <Landmark className="size-5" aria-hidden />,
};

/** One configured method: its state, the switch that turns it on or off, edit and delete. */
export function MethodCard({
  method,
  onToggle,
  onEdit,
  onDelete,
}: {
  method: PaymentMethod;
  onToggle: (method: PaymentMethod, active: boolean) => void;
  onEdit: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
}) {
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
                method.is_active
                  ? 'text-sm font-medium text-emerald-700'
                  : 'text-sm text-muted-foreground'
              }
            >
              {method.is_active ? 'Activa' : 'Inactiva'}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            checked={method.is_active}
            onCheckedChange={(checked) => onToggle(method, checked)}
            aria-label={`${PROVIDER_LABELS[method.provider]}: ${method.is_active ? 'desactivar' : 'activar'}`}
          />
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
        </div>
      </div>
      <MethodSummary method={method} />
    </Card>
  );
}
