import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { VALID_CBU } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { companyScope, sellerScope } from '../../lib/scope';
import {
  changesCollectorId,
  findCompanyProfile,
  updateCompanySettings,
} from './company-profile.service';
import { adjustSellerTally, findProfile } from './profiles.service';
import { updateSellerSettings } from './seller-profile.service';
import { banSeller, sellersSharingPayoutKeys } from './seller-standing.service';
import { profiles } from './profiles.table';

describe('profiles: what companies and sellers keep of themselves', () => {
  let t: TestApp;
  let company: CreatedUser;
  let seller: CreatedUser;
  let other: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createUser(t.app, { role: 'company', company: 'Yerbatera SA' });
    seller = await createUser(t.app, { role: 'seller', name: 'Sergio Vendedor' });
    other = await createUser(t.app, { role: 'seller', name: 'Olga Vendedora' });
  });
  afterAll(() => t.close());

  it('reads a company’s profile only with a company’s id', async () => {
    expect((await findCompanyProfile(t.db, companyScope(company.id))).company).toBe('Yerbatera SA');
    await expect(findCompanyProfile(t.db, companyScope(seller.id))).rejects.toThrow(
      /no company profile/,
    );
  });

  it('tells a change of the collector id to the hook, once, with before and after', async () => {
    const changes: unknown[] = [];
    const hook = async (_tx: unknown, change: unknown) => void changes.push(change);
    const scope = companyScope(company.id);
    const owner = { id: company.id, name: company.name };
    expect(await changesCollectorId(t.db, scope, { provider_collector_id: '111' })).toBe(true);
    await updateCompanySettings(t.db, scope, owner, { provider_collector_id: '111' }, hook);
    // The same id again, or only the provinces: no change of where the money goes.
    expect(await changesCollectorId(t.db, scope, { provider_collector_id: '111' })).toBe(false);
    await updateCompanySettings(t.db, scope, owner, { provider_collector_id: '111' }, hook);
    await updateCompanySettings(
      t.db,
      scope,
      owner,
      { shipping_provinces: ['Córdoba', 'Córdoba'] },
      hook,
    );
    expect(changes).toEqual([{ companyId: company.id, before: null, after: '111' }]);
    const saved = await findCompanyProfile(t.db, scope);
    expect(saved.shippingProvinces).toEqual(['Córdoba']);
    expect(saved.paymentDetails.provider_collector_id).toBe('111');
  });

  it('moves a seller’s points and sales inside the caller’s transaction', async () => {
    await t.db.transaction((tx) =>
      adjustSellerTally(tx, sellerScope(seller.id), { points: 12, sales: 1 }),
    );
    await t.db
      .transaction(async (tx) => {
        await adjustSellerTally(tx, sellerScope(seller.id), { points: 50, sales: 3 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await findProfile(t.db, seller.id)).toMatchObject({ points: 12, sales: 1 });
  });

  it('finds other sellers paid to the same CBU, never the seller themself', async () => {
    const bank = { payment_method: 'bank' as const, payment_details: { cbu: VALID_CBU } };
    await updateSellerSettings(t.db, sellerScope(seller.id), bank);
    await updateSellerSettings(t.db, sellerScope(other.id), bank);
    const keys = { cbu: VALID_CBU, alias: null, email: null };
    const shared = await t.db.transaction((tx) =>
      sellersSharingPayoutKeys(tx, sellerScope(seller.id), keys),
    );
    expect(shared).toEqual([{ id: other.id, name: 'Olga Vendedora', matches: ['cbu'] }]);
    const none = await t.db.transaction((tx) =>
      sellersSharingPayoutKeys(tx, sellerScope(seller.id), { ...keys, cbu: '0'.repeat(22) }),
    );
    expect(none).toEqual([]);
  });

  it('bans a seller once, and never a company', async () => {
    const at = new Date();
    expect(await t.db.transaction((tx) => banSeller(tx, sellerScope(other.id), at))).toBe(true);
    expect(await t.db.transaction((tx) => banSeller(tx, sellerScope(other.id), at))).toBe(false);
    expect(await t.db.transaction((tx) => banSeller(tx, sellerScope(company.id), at))).toBe(false);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, company.id));
    expect(row?.bannedAt).toBeNull();
  });
});
