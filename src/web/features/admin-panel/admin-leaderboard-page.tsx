import { Trophy } from 'lucide-react';
import { formatArs } from '@shared/money';
import { CENTS_PER_BONUS_POINT, POINTS_PER_SALE } from '@shared/points';
import { PROVINCES } from '@shared/provinces';
import type { RankingRow } from '@shared/seller/seller.schema';
import { EmptyList, ListState } from '@web/components/data-list';
import { RankBadge } from '@web/components/rank-badge';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { ProvinceSelect } from '@web/components/province-select';
import { PageHeading } from '@web/components/page-heading';
import { useAdminLeaderboard } from './api/get-admin-leaderboard';
import { useListParams } from '@web/lib/use-list-params';

const FILTERS = ['province'] as const;

/** The server answers the first 100 of a ranking. */
const RANKING_LIMIT = 100;

/** spec 02 §2 admin /leaderboard: sellers by points, descending, with points and sales. */
export function AdminLeaderboardPage() {
  const params = useListParams(FILTERS);
  const province = (PROVINCES as readonly string[]).includes(params.values.province)
    ? params.values.province
    : '';
  const ranking = useAdminLeaderboard(province);

  return (
    <div>
      <PageHeading title="Ranking">
        Los vendedores ordenados por puntos, de mayor a menor. Suman {POINTS_PER_SALE} puntos por
        venta más 1 por cada {formatArs(CENTS_PER_BONUS_POINT)} de su comisión.
      </PageHeading>
      <div className="space-y-1.5 sm:w-72">
        <Label htmlFor="leaderboard-scope">Ver ranking</Label>
        <ProvinceSelect
          id="leaderboard-scope"
          value={province}
          onChange={(event) => params.set({ province: event.target.value })}
          placeholder="Todo el país"
        />
      </div>

      <ListState
        query={ranking}
        loadingLabel="Cargando el ranking…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyList
            icon={Trophy}
            title={
              province ? `Todavía no hay vendedores de ${province}` : 'Todavía no hay vendedores'
            }
            onClear={province ? params.clear : undefined}
            clearLabel="Ver todo el país"
          >
            Los vendedores suman puntos con cada venta completada o entregada.
          </EmptyList>
        }
      >
        {(data) => (
          <>
            <Card className="mt-5 overflow-hidden">
              <table className="w-full table-fixed text-sm">
                <caption className="sr-only">
                  Ranking {province ? `de ${province}` : 'nacional'} de vendedores
                </caption>
                <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="w-12 px-2 py-2.5 font-medium sm:w-16 sm:px-4">
                      Puesto
                    </th>
                    <th scope="col" className="px-2 py-2.5 font-medium sm:px-4">
                      Vendedor
                    </th>
                    <th
                      scope="col"
                      className="w-16 px-2 py-2.5 text-right font-medium sm:w-28 sm:px-4"
                    >
                      Puntos
                    </th>
                    <th
                      scope="col"
                      className="w-16 px-2 py-2.5 text-right font-medium sm:w-28 sm:px-4"
                    >
                      Ventas
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {data.items.map((row) => (
                    <Row key={row.seller_id} row={row} />
                  ))}
                </tbody>
              </table>
            </Card>
            {data.items.length >= RANKING_LIMIT ? (
              <p className="mt-3 text-center text-sm text-muted-foreground">
                Se muestran los {RANKING_LIMIT} primeros.
              </p>
            ) : null}
          </>
        )}
      </ListState>
    </div>
  );
}

function Row({ row }: { row: RankingRow }) {
  return (
    <tr>
      <td className="px-2 py-3 sm:px-4">
        <RankBadge rank={row.rank} />
      </td>
      <td className="min-w-0 px-2 py-3 sm:px-4">
        <span className="block truncate font-semibold" title={row.name}>
          {row.name}
        </span>
        <span
          className="block truncate text-xs text-muted-foreground"
          title={row.province ?? 'Sin provincia'}
        >
          {row.province ?? 'Sin provincia'}
        </span>
      </td>
      <td className="px-2 py-3 text-right tabular-nums sm:px-4">{row.points}</td>
      <td className="px-2 py-3 text-right tabular-nums sm:px-4">{row.sales}</td>
    </tr>
  );
}
