import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_PREFERENCES,
  OPTIONAL_EMAIL_KINDS,
  type EmailPreferences,
  type NotificationKind,
  type NotificationList,
} from '@shared/notifications/notifications.schema';
import type { Role } from '@shared/accounts/accounts.schema';
import type { Database } from '../../db/client';
import { emailOptOuts, emailOutbox, notifications } from './notifications.table';

/**
 * What a user reads and chooses: the bell (its latest entries, marking them
 * read) and which optional e-mails they want. Also, for a history written
 * after the fact, dating what it wrote to the bell and the outbox.
 */

/** The bell: the latest notifications of a user and how many are unread. */
export async function listNotifications(
  db: Database,
  userId: string,
  limit = 20,
): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
    unread: unread?.value ?? 0,
  };
}

/** Marks one of the user's notifications (or all, without an id) as read; false if not theirs. */
export async function markRead(db: Database, userId: string, id?: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        id === undefined ? isNull(notifications.readAt) : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  if (id === undefined) return true;
  if (updated.length) return true;
  // Already read is fine; someone else's is not found.
  const [mine] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return Boolean(mine);
}

export async function emailPreferences(
  db: Database,
  userId: string,
  role: Role,
): Promise<EmailPreferences> {
  const rows = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId));
  const off = new Set(rows.map((row) => row.kind));
  return {
    items: EMAIL_PREFERENCES[role].map((item) => ({
      kind: item.kind,
      label: item.label,
      email: !off.has(item.kind),
    })),
  };
}

/** Saves the user's choices; kinds that are not theirs to choose are refused. */
export async function saveEmailPreferences(
  db: Database,
  userId: string,
  role: Role,
  items: { kind: NotificationKind; email: boolean }[],
): Promise<EmailPreferences | null> {
  const allowed = new Set<string>(EMAIL_PREFERENCES[role].map((item) => item.kind));
  if (items.some((item) => !allowed.has(item.kind) || !OPTIONAL_EMAIL_KINDS.includes(item.kind))) {
    return null;
  }
  await db.transaction(async (tx) => {
    for (const item of items) {
      if (item.email) {
        await tx
          .delete(emailOptOuts)
          .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, item.kind)));
      } else {
        await tx.insert(emailOptOuts).values({ userId, kind: item.kind }).onConflictDoNothing();
      }
    }
  });
  return emailPreferences(db, userId, role);
}

/** Where the bell and the outbox stand now: what a history written later adds comes after it. */
export interface NotificationMark {
  notification: number;
  outbox: number;
}

export async function notificationMark(db: Database): Promise<NotificationMark> {
  const [row] = await db
    .select({
      notification: sql<string>`coalesce((select max(${notifications.id}) from ${notifications}), 0)`,
      outbox: sql<string>`coalesce((select max(${emailOutbox.id}) from ${emailOutbox}), 0)`,
    })
    .from(sql`(select 1) as one`);
  return { notification: Number(row?.notification ?? 0), outbox: Number(row?.outbox ?? 0) };
}

/**
 * Dates what was written after `mark` at the moment it happened, for a history
 * written after the fact (the demo business): its bell entries carry the event's
 * time and, when the event is past news, are already read and send no e-mail.
 */
export async function datePastNotifications(
  db: Database,
  mark: NotificationMark,
  at: Date,
  past: boolean,
): Promise<void> {
  await db
    .update(notifications)
    .set({ createdAt: at, ...(past ? { readAt: at } : {}) })
    .where(sql`${notifications.id} > ${mark.notification}`);
  if (past) {
    await db
      .delete(emailOutbox)
      .where(and(sql`${emailOutbox.id} > ${mark.outbox}`, eq(emailOutbox.status, 'pending')));
  }
}
