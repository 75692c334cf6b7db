import type { MeResponse, Role } from '@shared/accounts/accounts.schema';

/** The signed-in user of the session tests (Better Auth's shape). */
export const testUser = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
  twoFactorRequired: false,
};

/** A profile of `role` as /api/me answers it, with what a test cares about overridden. */
export function testProfile(
  role: Role,
  overrides: Partial<NonNullable<MeResponse['profile']>> = {},
): NonNullable<MeResponse['profile']> {
  return {
    id: 'u1',
    name: 'Ana',
    email: 'ana@example.com',
    company: null,
    role,
    points: 0,
    sales: 0,
    province: null,
    payment_method: null,
    payment_details: {},
    shipping_provinces: [],
    logo_url: null,
    has_identity_document: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
