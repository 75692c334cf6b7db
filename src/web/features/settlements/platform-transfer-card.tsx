import { Check, Copy, Landmark } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BRAND } from '@shared/brand';
import type { PlatformPayTo } from '@shared/settlements/settlements.schema';
import { Card } from '@web/components/ui/card';

/** spec 02 §9: copy feedback lasts 2 seconds. */
const COPY_FEEDBACK_MS = 2000;

function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => undefined,
        )
      }
      className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-border px-2.5 py-1.5 text-xs font-medium hover:bg-muted"
      aria-label={copied ? `${label} copiado` : `Copiar ${label}`}
    >
      {copied ? (
        <Check className="size-3.5 text-emerald-600" aria-hidden />
      ) : (
        <Copy className="size-3.5" aria-hidden />
      )}
      <span aria-live="polite">{copied ? 'Copiado' : 'Copiar'}</span>
    </button>
  );
}

/** One dt/dd group of the list (a `div` holding only its term and its definition, as lists must). */
function Row({
  label,
  value,
  copy,
  mono,
}: {
  label: string;
  value: string;
  copy?: boolean;
  mono?: boolean;
}) {
  return (
    <div className="border-b border-border py-2.5 last:border-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          className={
            mono
              ? 'min-w-0 font-mono font-semibold tracking-tight break-all'
              : 'min-w-0 font-semibold break-words'
          }
        >
          {value}
        </span>
        {copy ? <CopyValue label={label} value={value} /> : null}
      </dd>
    </div>
  );
}

/**
 * Where the company transfers what it owes (the platform's account, from
 * PLATFORM_BANK_*) and the reference that tells the platform the transfer is
 * its own.
 */
export function PlatformTransferCard({ payTo }: { payTo: PlatformPayTo }) {
  return (
    <Card className="p-5" data-testid="platform-transfer">
      <h2 className="flex items-center gap-2 font-semibold">
        <Landmark className="size-5 text-primary" aria-hidden />
        Cómo pagar el saldo
      </h2>
      {payTo.bank ? (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Transfiere a la cuenta de {BRAND.name} y escribe la referencia en el concepto: así
            sabemos que el pago es tuyo y lo registramos en tu liquidación.
          </p>
          <dl className="mt-3">
            <Row label="Banco" value={payTo.bank.name} />
            <Row label="Titular" value={payTo.bank.holder} />
            <Row label="CBU" value={payTo.bank.cbu} copy mono />
            <Row label="Alias" value={payTo.bank.alias} copy mono />
            <Row label="CUIT" value={payTo.bank.cuit} mono />
            <Row label="Referencia" value={payTo.reference} copy mono />
          </dl>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Todavía no publicamos la cuenta de {BRAND.name} para recibir transferencias: escríbenos
            desde Soporte y te la pasamos. Cuando transfieras, escribe esta referencia en el
            concepto.
          </p>
          <dl className="mt-3">
            <Row label="Referencia" value={payTo.reference} copy mono />
          </dl>
        </>
      )}
    </Card>
  );
}
