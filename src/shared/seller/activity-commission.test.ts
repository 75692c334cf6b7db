import { describe, expect, it } from 'vitest';
import { commissionEffect } from './activity-commission';

describe('commission effect of an activity row', () => {
  it.each([
    ['approved', 'pending_transfer', 'earned'],
    ['delivered', 'approved', 'earned'],
    ['pending_payment', null, 'pending'],
    ['pending_transfer', null, 'pending'],
    ['refunded', 'approved', 'taken_back'],
    ['refunded', 'delivered', 'taken_back'],
    ['pending_payment', 'approved', 'taken_back'],
    ['refunded', 'pending_payment', 'none'],
    ['expired', 'pending_transfer', 'none'],
  ] as const)('%s after %s: %s', (status, previous, effect) => {
    expect(commissionEffect(status, previous)).toBe(effect);
  });
});
