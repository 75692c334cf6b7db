import { Landmark } from 'lucide-react';
import { BRAND } from '@shared/brand';
import type { PlatformPayTo } from '@shared/settlements/settlements.schema';
import { CopyField } from '@web/components/copy-field';
import { Card } from '@web/components/ui/card';

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
            <CopyField compact copy={false} label="Banco" value={payTo.bank.name} />
            <CopyField compact copy={false} label="Titular" value={payTo.bank.holder} />
            <CopyField compact label="CBU" value={payTo.bank.cbu} mono />
            <CopyField compact label="Alias" value={payTo.bank.alias} mono />
            <CopyField compact copy={false} label="CUIT" value={payTo.bank.cuit} mono />
            <CopyField compact label="Referencia" value={payTo.reference} mono />
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
            <CopyField compact label="Referencia" value={payTo.reference} mono />
          </dl>
        </>
      )}
    </Card>
  );
}
