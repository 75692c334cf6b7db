import { Trophy } from 'lucide-react';
import { useState } from 'react';
import type { RankingRow } from '@shared/seller/seller.schema';
import { RankBadge } from '@web/components/rank-badge';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { ProvinceSelect } from '@web/components/province-select';
import { cn } from '@web/lib/cn';
import { useRanking } from './api/get-ranking';
import { EmptyState, PageHeading } from './components/empty-state';
import { RANKING_TEXT } from './seller-text';

/** Ranking: sellers by points, national or in one province, with the seller's own row marked. */
export function RankingPage() {
  const [province, setProvince] = useState<string | null>(null);
  const ranking = useRanking(province);
  const me = ranking.data?.me ?? null;
  const items = ranking.data?.items ?? [];
  const meListed = me ? items.some((row) => row.seller_id === me.seller_id) : false;

  return (
    <div>
      <PageHeading title={RANKING_TEXT.title}>{RANKING_TEXT.intro}</PageHeading>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5 sm:w-72">
          <Label htmlFor="ranking-scope">{RANKING_TEXT.scopeLabel}</Label>
          <ProvinceSelect
            id="ranking-scope"
            value={province ?? ''}
            onChange={(event) => setProvince(event.target.value || null)}
            placeholder={RANKING_TEXT.national}
          />
        </div>
        <p className="text-sm font-semibold text-primary" data-testid="my-rank">
          {me ? RANKING_TEXT.yourPosition(me.rank) : RANKING_TEXT.notRanked}
        </p>
      </div>

      <div className="mt-5">
        {ranking.isPending ? (
          <PageSpinner />
        ) : ranking.isError ? (
          <p role="alert" className="text-destructive">
            {ranking.error.message}
          </p>
        ) : items.length === 0 ? (
          <EmptyState icon={Trophy} title={RANKING_TEXT.empty}>
            {RANKING_TEXT.intro}
          </EmptyState>
        ) : (
          <Card className="overflow-hidden">
            <table className="w-full table-fixed text-sm">
              <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-12 px-2 py-2.5 font-medium sm:w-16 sm:px-3">
                    {RANKING_TEXT.position}
                  </th>
                  <th scope="col" className="px-2 py-2.5 font-medium sm:px-3">
                    {RANKING_TEXT.seller}
                  </th>
                  <th
                    scope="col"
                    className="w-14 px-2 py-2.5 text-right font-medium sm:w-24 sm:px-3"
                  >
                    {RANKING_TEXT.points}
                  </th>
                  <th
                    scope="col"
                    className="w-14 px-2 py-2.5 text-right font-medium sm:w-24 sm:px-3"
                  >
                    {RANKING_TEXT.sales}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {items.map((row) => (
                  <Row key={row.seller_id} row={row} mine={row.seller_id === me?.seller_id} />
                ))}
                {me && !meListed ? (
                  <>
                    <tr aria-hidden>
                      <td colSpan={4} className="px-3 py-1 text-center text-muted-foreground">
                        ⋯
                      </td>
                    </tr>
                    <Row row={me} mine />
                  </>
                ) : null}
              </tbody>
            </table>
          </Card>
        )}
      </div>
    </div>
  );
}

function Row({ row, mine }: { row: RankingRow; mine: boolean }) {
  return (
    <tr
      className={cn(mine && 'bg-sky-50 font-semibold')}
      aria-current={mine ? 'true' : undefined}
      data-testid={mine ? 'ranking-me' : undefined}
    >
      <td className="px-2 py-3 sm:px-3">
        <RankBadge rank={row.rank} />
      </td>
      <td className="min-w-0 px-2 py-3 sm:px-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 break-words">{row.name}</span>
          {mine ? (
            <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground">
              {RANKING_TEXT.you}
            </span>
          ) : null}
        </span>
        {row.province ? (
          <span className="block text-xs font-normal break-words text-muted-foreground">
            {row.province}
          </span>
        ) : null}
      </td>
      <td className="px-2 py-3 text-right tabular-nums sm:px-3">{row.points}</td>
      <td className="px-2 py-3 text-right tabular-nums sm:px-3">{row.sales}</td>
    </tr>
  );
}
