import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditValues } from '@shared/admin/audit-fields';
import type { Database, Transaction } from '../../db/client';
import { auditLog } from './audit.table';

export interface AuditEntry {
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Only the fields the Auditoría page has labels for (src/shared/admin/audit-fields.ts). */
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** When it happened (now, unless demo data writes its history). */
  at?: Date;
}

/** Records one change, inside the transaction that makes it. */
export async function recordAudit(tx: Database | Transaction, entry: AuditEntry): Promise<void> {
  const { at, ...values } = entry;
  await tx.insert(auditLog).values({
    ...values,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}

export async function listAudit(
  db: Database,
  query: {
    actor_id?: string | undefined;
    action?: string | undefined;
    target_id?: string | undefined;
    page: number;
    page_size: number;
  },
) {
  const where: SQL | undefined = and(
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before,
      after: row.after,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
