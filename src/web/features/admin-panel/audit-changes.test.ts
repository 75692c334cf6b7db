import { describe, expect, it } from 'vitest';
import { auditChanges, changeText } from './audit-changes';

describe('audit changes', () => {
  it('lists each field with its value before and after', () => {
    const changes = auditChanges({ status: 'pending_transfer' }, { status: 'approved' });
    expect(changes).toEqual([
      {
        key: 'status',
        label: 'Estado',
        before: 'pending_transfer',
        after: 'approved',
        status: true,
      },
    ]);
    expect(changeText(changes[0]!, 'pending_transfer')).toBe('Pendiente de Transf.');
  });

  it('shows a field present on one side only as missing on the other', () => {
    expect(auditChanges(null, { stock: 4 })).toEqual([
      { key: 'stock', label: 'stock', before: null, after: '4', status: false },
    ]);
    expect(auditChanges({ note: 'x' }, null)[0]).toMatchObject({ before: 'x', after: null });
  });

  it('leaves out fields that did not change and writes objects compactly', () => {
    expect(
      auditChanges({ status: 'approved', tags: ['a'] }, { status: 'approved', tags: ['a', 'b'] }),
    ).toEqual([{ key: 'tags', label: 'tags', before: '["a"]', after: '["a","b"]', status: false }]);
  });
});
