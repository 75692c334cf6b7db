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
