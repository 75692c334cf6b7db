import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { EmptyList, ListState } from '@web/components/data-list';
import { StatementMonths, StatementView } from '@web/components/statement-view';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageHeading } from '@web/components/page-heading';
import { PlatformTransferCard } from './platform-transfer-card';
import { useStatement, useStatementMonths } from './settlements-api';

/**
 * Liquidaciones (`/company/settlements`): what the company owes the platform
 * for its sales' commissions (the sellers' part and the platform's), month by
 * month, with each month's statement to read and download. `monthDocuments`
 * is what goes beside a month's statement (its fiscal documents), composed in
 * src/web/app because features do not import each other.
 */
export function CompanySettlementsPage({
  monthDocuments,
}: {
  monthDocuments?: (month: string) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const months = useStatementMonths(null);
  const selected = params.get('month') ?? months.data?.months[0]?.month ?? null;
  const statement = useStatement(null, selected);

  return (
    <div>
      <PageHeading title="Liquidaciones" className="mb-0">
        Tus compradores te pagan a ti; de cada venta aprobada, la comisión es de la red: el 75 %
        para el vendedor y el 25 % para la plataforma. Transfiere el saldo a {BRAND.name} (la cuenta
        y la referencia, abajo) y nosotros pagamos a tus vendedores.
      </PageHeading>

      <ListState
        query={months}
        loadingLabel="Cargando las liquidaciones…"
        isEmpty={(data) => data.months.length === 0}
        empty={
          <EmptyList icon={FileText} title="Todavía no hay liquidaciones.">
            Aparecen cuando se aprueba tu primera venta.
          </EmptyList>
        }
      >
        {(data) => (
          <>
            <div className="mt-6 grid items-start gap-4 lg:grid-cols-2">
              <Card className="p-5">
                <p className="text-sm text-muted-foreground">Saldo a pagar hoy</p>
                <p className="text-3xl font-bold tabular-nums" data-testid="settlement-balance">
                  {formatArs(data.balance_cents)}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {data.balance_cents > 0
                    ? 'Puedes pagarlo en partes: cada transferencia que llega se descuenta.'
                    : 'No debes nada por ahora.'}
                </p>
              </Card>
              <PlatformTransferCard payTo={data.pay_to} />
            </div>
            <div className="mt-6">
              <StatementMonths
                months={data.months}
                selected={selected}
                onSelect={(month) => setParams({ month }, { replace: true })}
              />
            </div>
            <ListState query={statement} loadingLabel="Cargando la liquidación…">
              {(current) => (
                <>
                  <StatementView
                    statement={current}
                    actions={
                      <>
                        <Button asChild variant="outline" size="sm">
                          <a href={`/api/company/settlements/${current.month}/export.csv`} download>
                            <Download aria-hidden />
                            Descargar CSV
                          </a>
                        </Button>
                        <Button asChild variant="outline" size="sm">
                          <a
                            href={`/api/company/settlements/${current.month}/statement.pdf`}
                            download
                          >
                            <FileText aria-hidden />
                            Descargar PDF
                          </a>
                        </Button>
                      </>
                    }
                  />
                  {monthDocuments?.(current.month)}
                </>
              )}
            </ListState>
          </>
        )}
      </ListState>
    </div>
  );
}
