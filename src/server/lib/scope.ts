import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose rows a query reads (STYLE.md §12): one company's, one seller's, or —
 * for the admin's routes only — every tenant's. Always required, never
 * optional fields: a forgotten scope is a type error, and `{}` does not compile.
 * `{ kind: 'platform' }` is written only in admin routes (eslint.config.js).
 */
export type CompanyScope = { readonly kind: 'company'; readonly id: string };
export type SellerScope = { readonly kind: 'seller'; readonly id: string };
export type PlatformScope = { readonly kind: 'platform' };
/** The storefront's own orders (channel `store`): only the store's surface says it. */
export type StoreScope = { readonly kind: 'store' };
export type Scope = CompanyScope | SellerScope | PlatformScope | StoreScope;

/**
 * The condition that keeps a query inside its scope, given the table's owner
 * columns. A table without a seller column cannot answer a seller's scope:
 * asking it to is a programming error, not an empty answer.
 */
export function scopeCondition(
  scope: Scope,
  owners: { company: PgColumn; seller?: PgColumn; channel?: PgColumn },
): SQL | undefined {
  switch (scope.kind) {
    case 'company':
      return eq(owners.company, scope.id);
    case 'seller':
      if (!owners.seller)
        throw new Error("This table has no seller: it cannot read a seller's scope.");
      return eq(owners.seller, scope.id);
    case 'platform':
      return undefined;
    case 'store':
      if (!owners.channel)
        throw new Error("This table has no channel: it cannot read the storefront's scope.");
      return eq(owners.channel, 'store');
    default:
      return unknownScope(scope);
  }
}

/** Exhaustiveness: a new kind of scope must be handled wherever scopes are read. */
export function unknownScope(scope: never): never {
  throw new Error(`Unknown scope: ${JSON.stringify(scope)}`);
}

/** The scope of one company's own rows. */
export function companyScope(id: string): CompanyScope {
  return { kind: 'company', id };
}

/** The scope of one seller's own rows. */
export function sellerScope(id: string): SellerScope {
  return { kind: 'seller', id };
}
