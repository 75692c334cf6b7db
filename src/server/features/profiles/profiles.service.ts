import { eq } from 'drizzle-orm';
import type { Profile, Role } from '@shared/accounts/accounts.schema';
import type { Province } from '@shared/provinces';
import type { Database, Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { profiles } from './profiles.table';

export type ProfileRow = typeof profiles.$inferSelect;

export interface NewProfile {
  id: string;
  name: string;
  email: string;
  role: Role;
  company?: string | undefined;
  province?: Province | undefined;
  shippingProvinces?: Province[] | undefined;
  identityDocumentKey?: string | undefined;
}

/** Creates the profile of a user that was just created (spec 01 §3). */
export async function createProfile(db: Database | Transaction, input: NewProfile): Promise<void> {
  await db.insert(profiles).values({
    id: input.id,
    name: input.name,
    email: input.email,
    role: input.role,
    company: input.role === 'company' ? (input.company ?? null) : null,
    province: input.role === 'seller' ? (input.province ?? null) : null,
    shippingProvinces: input.role === 'company' ? (input.shippingProvinces ?? []) : [],
    identityDocumentKey: input.role === 'seller' ? (input.identityDocumentKey ?? null) : null,
  });
}

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

/** The profile as the web reads it; only companies have a logo (null until logos are uploaded). */
export function toProfileDto(row: ProfileRow, storage: Storage): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    role: row.role,
    points: row.points,
    sales: row.sales,
    province: row.province,
    payment_method: row.paymentMethod,
    payment_details: row.paymentDetails,
    shipping_provinces: row.shippingProvinces,
    logo_url: row.role === 'company' && row.logoKey ? storage.publicUrl(row.logoKey) : null,
    has_identity_document: Boolean(row.identityDocumentKey),
    created_at: row.createdAt.toISOString(),
  };
}
