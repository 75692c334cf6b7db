import { Download, FileText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { StatementMonths, StatementView } from '@web/components/statement-view';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { useStatement, useStatementMonths } from './settlements-api';

/**
 * Liquidaciones (`/company/settlements`): what the company owes the platform
 * for its sales' commissions (the sellers' part and the platform's), month by
 * month, with each month's statement to read and download.
 */
export function CompanySettlementsPage() {
  const [params, setParams] = useSearchParams();
  const months = useStatementMonths(null);
  const selected = params.get('month') ?? months.data?.months[0]?.month ?? null;
  const statement = useStatement(null, selected);

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
        Liquidaciones
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
        Tus compradores te pagan a ti; de cada venta aprobada, la comisión es de la red: el 75 %
        para el vendedor y el 25 % para la plataforma. Transfiere el saldo a {BRAND.name} y nosotros
        pagamos a tus vendedores.
      </p>

      {months.isPending ? (
        <PageSpinner />
      ) : months.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {months.error.message}
        </p>
      ) : months.data.months.length === 0 ? (
        <Card className="mt-6 p-10 text-center">
          <p className="font-semibold">Todavía no hay liquidaciones.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Aparecen cuando se aprueba tu primera venta.
          </p>
        </Card>
      ) : (
        <>
          <Card className="mt-6 flex flex-wrap items-center justify-between gap-3 p-5">
            <div>
              <p className="text-sm text-muted-foreground">Saldo a pagar hoy</p>
              <p className="text-3xl font-bold tabular-nums" data-testid="settlement-balance">
                {formatArs(months.data.balance_cents)}
              </p>
            </div>
          </Card>
          <div className="mt-6">
            <StatementMonths
              months={months.data.months}
              selected={selected}
              onSelect={(month) => setParams({ month }, { replace: true })}
            />
          </div>
          {statement.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : statement.isError ? (
            <p role="alert" className="mt-6 text-destructive">
              {statement.error.message}
            </p>
          ) : (
            <StatementView
              statement={statement.data}
              actions={
                <>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/api/company/settlements/${statement.data.month}/export.csv`}
                      download
                    >
                      <Download aria-hidden />
                      Descargar CSV
                    </a>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/api/company/settlements/${statement.data.month}/statement.pdf`}
                      download
                    >
                      <FileText aria-hidden />
                      Descargar PDF
                    </a>
                  </Button>
                </>
              }
            />
          )}
        </>
      )}
    </div>
  );
}
