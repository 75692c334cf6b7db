import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '@shared/orders/orders.schema';
import type { Database } from '../../db/client';
import { jsonRow } from '../../db/json-rows';
import { statementPerDatabase } from '../../db/named-statement';
import type { CompanyScope } from '../../lib/scope';
import { partyNames } from '../profiles/profiles.service';
import { ORDER_DTO_COLUMNS, toOrderDto } from './orders.service';
import { orders } from './orders.table';

const DTO_ROW = jsonRow(ORDER_DTO_COLUMNS, {
  companyName: partyNames.companyName(orders.companyId),
  sellerName: partyNames.sellerName(orders.sellerId),
});

/**
 * The orders among `ids` that are in the company's scope, as the API answers
 * them, in the order of `ids` (the public API's change feed names them;
 * features/integrations): one statement with the parties' names, reading only
 * the columns the answer shows, each row as one JSON value (db/json-rows.ts),
 * the ids as one array parameter.
 */
export async function scopedOrderDtosByIds(
  db: Database,
  scope: CompanyScope,
  ids: string[],
): Promise<Order[]> {
  if (ids.length === 0) return [];
  // Ids are UUIDs, written as one array literal for the statement's text parameter.
  const rows = await statementOf(db).execute({ ids: `{${ids.join(',')}}`, companyId: scope.id });
  const byId = new Map(
    rows.map(({ row }) => {
      const { companyName, sellerName, ...order } = DTO_ROW.read(row);
      return [order.id, toOrderDto(order, { companyName, sellerName })] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Planned once per database (db/named-statement.ts): the public API asks it on every page. */
const statementOf = statementPerDatabase('api_order_dtos_by_ids', (db) =>
  db
    .select({ row: DTO_ROW.select.as('row') })
    .from(orders)
    .where(
      and(
        sql`${orders.id} = any(${sql.placeholder('ids')}::text[])`,
        eq(orders.companyId, sql.placeholder('companyId')),
      ),
    ),
);
