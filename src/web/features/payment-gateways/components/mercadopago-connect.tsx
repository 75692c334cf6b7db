import { Link2, ShieldCheck } from 'lucide-react';
import { MERCADOPAGO_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import { Card } from '@web/components/ui/card';

/** Where the company goes to authorize the platform on MercadoPago (the server answers a 302). */
export const CONNECT_URL = '/api/company/payment-methods/mercadopago/connect';

/** A link styled as the primary button: connecting is a navigation to MercadoPago, not a request. */
export function ConnectLink({ label = MERCADOPAGO_CONNECT_MESSAGES.connect }: { label?: string }) {
  return (
    <a
      href={CONNECT_URL}
      className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Link2 className="size-4" aria-hidden />
      {label}
    </a>
  );
}

/** Offered while the company's MercadoPago is not connected: what connecting changes, and the button. */
export function ConnectMercadoPagoCard() {
  return (
    <Card className="mt-6 border-sky-200 bg-sky-50/60 p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-sky-700" aria-hidden />
          <div>
            <h2 className="font-bold text-foreground">Cobra sin liquidaciones pendientes</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Conecta tu cuenta de MercadoPago: cada pago se divide solo. Tú recibes tu precio y la
              plataforma la comisión en el momento, así que esas ventas no suman a lo que debes cada
              mes.
            </p>
          </div>
        </div>
        <div className="shrink-0">
          <ConnectLink />
        </div>
      </div>
    </Card>
  );
}
