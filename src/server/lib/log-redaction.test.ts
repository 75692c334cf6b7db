import { describe, expect, it } from 'vitest';
import { isSecretParam, REDACTED, redactSecrets } from './log-redaction';

describe('secrets in logged URLs (API.md "Account security")', () => {
  it('writes the value of every secret query parameter as [redacted], keeping the rest', () => {
    expect(redactSecrets('/update-password?token=abc123')).toBe(
      `/update-password?token=${REDACTED}`,
    );
    expect(
      redactSecrets('/api/company/payment-methods/mercadopago/callback?code=TG-1&state=s3cr3t'),
    ).toBe(`/api/company/payment-methods/mercadopago/callback?code=${REDACTED}&state=${REDACTED}`);
    expect(redactSecrets('/api/public/orders/o-1?token=t0k3n&payment_intent=pi_9')).toBe(
      `/api/public/orders/o-1?token=${REDACTED}&payment_intent=${REDACTED}`,
    );
    expect(
      redactSecrets(
        '/success?order=o-1&token=t&collection_id=1&collection_status=approved&payment_id=2&status=approved&external_reference=VM-1&payment_type=credit_card&merchant_order_id=3&preference_id=4-abc&site_id=MLA',
      ),
    ).toBe(
      `/success?order=o-1&token=${REDACTED}&collection_id=${REDACTED}&collection_status=approved&payment_id=${REDACTED}&status=approved&external_reference=${REDACTED}&payment_type=credit_card&merchant_order_id=${REDACTED}&preference_id=${REDACTED}&site_id=MLA`,
    );
    expect(
      redactSecrets(
        '/checkout/o-1?token=t&session_id=cs_1&payment_intent_client_secret=pi_1_secret_2&setup_intent=seti_1&redirect_status=succeeded',
      ),
    ).toBe(
      `/checkout/o-1?token=${REDACTED}&session_id=${REDACTED}&payment_intent_client_secret=${REDACTED}&setup_intent=${REDACTED}&redirect_status=succeeded`,
    );
    expect(redactSecrets('/api/seller/orders?from=2026-01-01&to=2026-01-31&q=VM-1')).toBe(
      '/api/seller/orders?from=2026-01-01&to=2026-01-31&q=VM-1',
    );
  });

  it('knows a secret parameter however its name is written', () => {
    for (const name of [
      'token',
      'TOKEN',
      'to%6Ben',
      'token[]',
      'token%5B0%5D',
      'Code',
      'setup_intent_client_secret',
    ]) {
      expect(isSecretParam(name), name).toBe(true);
    }
    for (const name of ['ref', 'q', 'from', 'tokens', 'callbackURL', '%E0%A4%A']) {
      expect(isSecretParam(name), name).toBe(false);
    }
    expect(redactSecrets('/x?to%6Ben=abc&TOKEN=def&token[]=ghi')).toBe(
      `/x?to%6Ben=${REDACTED}&TOKEN=${REDACTED}&token[]=${REDACTED}`,
    );
  });

  it('redacts the token in the path of Better Auth’s reset link', () => {
    expect(redactSecrets('/api/auth/reset-password/AbC123?callbackURL=%2Fupdate-password')).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=%2Fupdate-password`,
    );
    expect(redactSecrets('/api/auth/Reset-Password//AbC123')).toBe(
      `/api/auth/Reset-Password//${REDACTED}`,
    );
  });

  it('redacts URLs inside any text: an error message, a whole JSON log line', () => {
    const line = JSON.stringify({
      level: 30,
      req: { method: 'GET', url: '/auth/callback?token=eyJhbGciOi.x.y' },
      err: { message: 'fetch http://localhost/v1?code=abc failed', stack: 'Error: at ?state=zz\n' },
      msg: 'incoming request',
    });
    const redacted = redactSecrets(line);
    expect(redacted).not.toMatch(/eyJhbGciOi|code=abc|state=zz/);
    expect(JSON.parse(redacted)).toMatchObject({
      req: { url: `/auth/callback?token=${REDACTED}` },
      err: { message: `fetch http://localhost/v1?code=${REDACTED} failed` },
    });
    expect(redactSecrets('nada que ocultar')).toBe('nada que ocultar');
  });
});
