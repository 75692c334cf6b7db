import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTABLE_STATUSES,
  ORDER_STATUS_LABELS,
  LINK_ORDER_STATUSES,
  ORDER_STATUSES,
  orderStatusLabel,
  orderStatusTone,
} from './order-status';
import { isProvince, PROVINCES, ProvinceSchema } from './provinces';

describe('provinces (spec 01 §3)', () => {
  it('lists the 24 Argentine jurisdictions once each', () => {
    expect(PROVINCES).toHaveLength(24);
    expect(new Set(PROVINCES).size).toBe(24);
    expect(PROVINCES).toContain('Ciudad Autónoma de Buenos Aires');
    expect(PROVINCES).toContain('Tierra del Fuego');
  });

  it('validates a province by its exact name', () => {
    expect(isProvince('Córdoba')).toBe(true);
    expect(isProvince('Cordoba')).toBe(false);
    expect(ProvinceSchema.safeParse('Atlantis').success).toBe(false);
  });
});

describe('order statuses (spec 02 §4)', () => {
  it("has the five statuses with their Spanish labels, expired for unpaid orders, and a cart's own two", () => {
    expect(ORDER_STATUSES).toEqual([
      'pending_payment',
      'pending_transfer',
      'approved',
      'delivered',
      'refunded',
      'expired',
      'reserved',
      'cancelled',
    ]);
    expect(LINK_ORDER_STATUSES).toEqual(ORDER_STATUSES.slice(0, 6));
    expect(ORDER_STATUS_LABELS).toEqual({
      pending_payment: 'Pendiente de Pago',
      pending_transfer: 'Pendiente de Transf.',
      approved: 'Completado',
      delivered: 'Entregado',
      refunded: 'Reintegrado',
      expired: 'Vencido',
      reserved: 'Reservado',
      cancelled: 'Cancelado',
    });
  });

  it('lets the admin set every status but pending_transfer', () => {
    expect(ADMIN_SETTABLE_STATUSES).toEqual([
      'pending_payment',
      'approved',
      'delivered',
      'refunded',
    ]);
  });

  it('colours the legacy pending and rejected values too', () => {
    expect(orderStatusTone('pending')).toBe('amber');
    expect(orderStatusTone('rejected')).toBe('rose');
    expect(orderStatusTone('something-else')).toBe('slate');
    expect(orderStatusLabel('something-else')).toBe('something-else');
  });
});
