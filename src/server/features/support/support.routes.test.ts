import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@shared/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { supportMessages } from './support.table';

describe('POST /api/public/support', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  const send = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/support',
      payload: payload as object,
      remoteAddress: ip,
    });

  it('stores a valid message for the admin panel', async () => {
    const response = await send({
      name: '  Lucía Gómez ',
      email: 'Lucia@Example.com',
      message: 'No encuentro mi link de pago para el producto.',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({
      name: 'Lucía Gómez',
      email: 'lucia@example.com',
      message: 'No encuentro mi link de pago para el producto.',
      status: 'new',
    });
  });

  it("answers the spec's three validation messages, field by field, and stores nothing", async () => {
    const before = await t.db.$count(supportMessages);
    const response = await send(
      { name: 'A', email: 'no-es-un-correo', message: 'corto' },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos.',
        fields: {
          name: SUPPORT_MESSAGES.nameTooShort,
          email: SUPPORT_MESSAGES.invalidEmail,
          message: SUPPORT_MESSAGES.messageTooShort,
        },
      },
    });
    expect(await t.db.$count(supportMessages)).toBe(before);
  });

  it('rejects missing fields and wrong types with a 400, not a 500', async () => {
    for (const payload of [{}, { name: 5, email: [], message: null }, []]) {
      const response = await send(payload, '10.0.0.3');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('rejects a malformed JSON body with a Spanish message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/support',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      remoteAddress: '10.0.0.4',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_JSON',
      message: 'El cuerpo de la solicitud no es JSON válido.',
    });
  });

  it('rate-limits one address with a 429 and a Spanish message', async () => {
    const valid = {
      name: 'Juan',
      email: 'juan@example.com',
      message: 'Quiero saber más de la plataforma.',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(valid, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await send(valid, '10.0.0.9');
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: SUPPORT_MESSAGES.rateLimited },
    });
    // Another address is not affected.
    expect((await send(valid, '10.0.0.10')).statusCode).toBe(201);
  });
});
