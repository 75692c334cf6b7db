import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { listAudit, recordAudit, type AuditEntry } from './audit.service';

const entry = (targetId: string, at: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actorId: 'admin-1',
  actorName: 'Ana Admin',
  action: 'order.status_changed',
  targetType: 'order',
  targetId,
  before: { status: 'pending' },
  after: { status: 'approved' },
  at: new Date(at),
  ...overrides,
});

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps an entry only when the change it records commits', async () => {
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, entry('order-rolled-back', '2026-05-01T12:00:00Z'));
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await t.db.transaction((tx) => recordAudit(tx, entry('order-kept', '2026-05-01T12:00:00Z')));
    const page = await listAudit(t.db, { page: 1, page_size: 50 });
    expect(page.items.map((item) => item.target_id)).toEqual(['order-kept']);
  });

  it('lists newest first, filtered by actor, action or target, with the total of all pages', async () => {
    await recordAudit(t.db, entry('order-a', '2026-05-02T12:00:00Z'));
    await recordAudit(
      t.db,
      entry('order-a', '2026-05-03T12:00:00Z', { after: { status: 'refunded' } }),
    );
    await recordAudit(
      t.db,
      entry('order-b', '2026-05-04T12:00:00Z', {
        actorId: 'admin-2',
        action: 'transfer.confirmed',
      }),
    );

    const a = await listAudit(t.db, { target_id: 'order-a', page: 1, page_size: 1 });
    expect(a.total).toBe(2);
    expect(a.items).toEqual([
      expect.objectContaining({
        target_id: 'order-a',
        actor_name: 'Ana Admin',
        before: { status: 'pending' },
        after: { status: 'refunded' },
        created_at: '2026-05-03T12:00:00.000Z',
      }),
    ]);
    const second = await listAudit(t.db, { target_id: 'order-a', page: 2, page_size: 1 });
    expect(second.items[0]?.created_at).toBe('2026-05-02T12:00:00.000Z');

    const byActor = await listAudit(t.db, { actor_id: 'admin-2', page: 1, page_size: 50 });
    expect(byActor.items.map((item) => item.target_id)).toEqual(['order-b']);
    const byAction = await listAudit(t.db, {
      action: 'transfer.confirmed',
      page: 1,
      page_size: 50,
    });
    expect(byAction.total).toBe(1);
  });
});
