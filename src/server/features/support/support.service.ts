import { desc } from 'drizzle-orm';
import type { SupportMessageBody } from '@shared/support/support.schema';
import type { Database } from '../../db/client';
import { supportMessages } from './support.table';

export interface RequestMeta {
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
}

/** Stores a message from the support form (spec 01 §2 /support); the admin panel lists them. */
export async function createSupportMessage(
  db: Database,
  input: SupportMessageBody,
  meta: RequestMeta = {},
): Promise<{ id: string }> {
  const [row] = await db
    .insert(supportMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      message: input.message,
      ipAddress: meta.ipAddress ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: supportMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface SupportMessageListItem {
  id: string;
  name: string;
  email: string;
  message: string;
  status: 'new' | 'answered';
  createdAt: Date;
}

/** The admin panel's list of support messages, newest first. */
export async function listSupportMessages(
  db: Database,
  options: { limit: number; offset: number },
): Promise<{ total: number; messages: SupportMessageListItem[] }> {
  const [messages, total] = await Promise.all([
    db
      .select({
        id: supportMessages.id,
        name: supportMessages.name,
        email: supportMessages.email,
        message: supportMessages.message,
        status: supportMessages.status,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.$count(supportMessages),
  ]);
  return { total, messages };
}
