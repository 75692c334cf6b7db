import { describe, expect, it } from 'vitest';
import {
  buyerOrderApiUrl,
  pathSegment,
  payEntryFirstRequest,
  payEntryPage,
  payPageApiUrl,
} from './pay-entry';

describe('the payment pages entry', () => {
  it('answers a payment link, a transfer page and a payment link order’s /success', () => {
    expect(payEntryPage('/pay/p1', '?ref=abc')).toBe('pay');
    expect(payEntryPage('/pay/p1/', '')).toBe('pay');
    expect(payEntryPage('/transfer/o1', '?token=t')).toBe('transfer');
    expect(payEntryPage('/success', '?order=o1&token=t')).toBe('status');
  });

  it('leaves every other address to the main app', () => {
    for (const [pathname, search] of [
      ['/pay', ''],
      ['/pay/', ''],
      ['/pay/a/b', ''],
      ['/transfer', ''],
      ['/success', ''],
      ['/success', '?order=o1'],
      ['/success', '?token=t'],
      ['/store', ''],
      ['/payouts/x', ''],
    ] as const) {
      expect(payEntryPage(pathname, search), `${pathname}${search}`).toBeUndefined();
      expect(payEntryFirstRequest(pathname, search)).toBeUndefined();
    }
  });

  it('asks for exactly what the pages fetch first, encoded', () => {
    expect(payPageApiUrl('p 1', null)).toBe('/api/public/pay/p%201');
    expect(payPageApiUrl('p1', 'a&b=c')).toBe('/api/public/pay/p1?ref=a%26b%3Dc');
    expect(payEntryFirstRequest('/pay/p%201', '?ref=x')).toBe('/api/public/pay/p%201?ref=x');
    expect(payEntryFirstRequest('/transfer/o1', '?token=a+b&x=1')).toBe(
      '/api/public/orders/o1?token=a+b',
    );
    // A provider's return parameters travel on; anything else it adds does not.
    expect(
      payEntryFirstRequest(
        '/success',
        '?order=o1&token=t&payment_id=123&collection_status=approved&payment_intent=pi_9',
      ),
    ).toBe('/api/public/orders/o1?token=t&payment_intent=pi_9&payment_id=123');
    expect(buyerOrderApiUrl('o/1', 'token=t')).toBe('/api/public/orders/o%2F1?token=t');
  });

  it('reads a malformed path segment as empty instead of throwing', () => {
    expect(pathSegment('/pay/%E0%A4%A')).toBe('');
    expect(pathSegment('/pay')).toBe('');
  });
});
