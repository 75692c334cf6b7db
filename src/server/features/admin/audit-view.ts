import type { AuditList, AuditQuery } from '@shared/admin/admin.schema';
import type { z } from '@shared/zod';
import type { Database } from '../../db/client';
import { listAudit } from '../audit/audit.service';
import { orderSummaries } from '../orders/orders-query.service';
import { normalizeExternalReference } from '../orders/order-identity';
import { findOrder, findOrderByReference } from '../orders/orders.service';
import { profileContacts } from '../profiles/profiles.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a person typed: its reference (VM-…, any case, with or without the prefix) or its id. */
async function orderTyped(db: Database, text: string): Promise<string | null> {
  if (UUID.test(text)) return (await findOrder(db, text.toLowerCase()))?.id ?? null;
  return (await findOrderByReference(db, normalizeExternalReference(text)))?.id ?? null;
}

/**
 * The audit log as the Auditoría page shows it: each entry's target named as
 * people know it (an order by its reference and product, a company by its
 * name, a payout batch by its number), looked up once per page for all its
 * entries; and searchable by an order's reference.
 */
export async function auditForPeople(
  db: Database,
  query: z.output<typeof AuditQuery>,
): Promise<AuditList> {
  const { order, ...filters } = query;
  if (order) {
    const orderId = await orderTyped(db, order);
    if (!orderId || (filters.target_id && filters.target_id !== orderId)) {
      return { items: [], total: 0, page: query.page, page_size: query.page_size };
    }
    filters.target_id = orderId;
  }
  const list = await listAudit(db, filters);
  const idsOf = (type: string) =>
    list.items.filter((entry) => entry.target_type === type).map((entry) => entry.target_id);
  const [orders, companies] = await Promise.all([
    orderSummaries(db, idsOf('order')),
    profileContacts(db, idsOf('company')),
  ]);
  return {
    ...list,
    items: list.items.map((entry) => {
      const target = { target_label: null as string | null, target_detail: null as string | null };
      if (entry.target_type === 'order') {
        const summary = orders.get(entry.target_id);
        target.target_label = summary?.reference ?? null;
        target.target_detail = summary?.productTitle ?? null;
      } else if (entry.target_type === 'company') {
        const company = companies.get(entry.target_id);
        target.target_label = company ? (company.company ?? company.name) : null;
      } else if (entry.target_type === 'payout_batch') {
        // «Lote de pagos 4»: batches go by their number, on the payouts page too.
        target.target_label = entry.target_id;
      }
      return { ...entry, ...target };
    }),
  };
}
