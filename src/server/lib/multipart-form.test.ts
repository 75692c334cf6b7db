import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shared/messages';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { readMultipartForm } from './multipart-form';

const BOUNDARY = 'vendemasform';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
    filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ''
  }\r\n\r\n${value}\r\n`;
const form = (...parts: string[]) => `${parts.join('')}--${BOUNDARY}--\r\n`;

describe('readMultipartForm', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(multipart);
    app.post('/form', async (request) => {
      const { fields, files } = await readMultipartForm(request, {
        fileFields: ['photo'],
        listFields: ['tags'],
        limits: { fileBytes: 10, files: 2, fields: 5 },
        tooLarge: { message: 'La foto supera los 10 bytes.', field: 'photo' },
      });
      return { fields, files: files.map((file) => ({ ...file, data: file.data.toString() })) };
    });
  });
  afterAll(() => app.close());

  const send = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });

  it('collects fields, lists and the files it was asked for', async () => {
    const response = await send(
      form(
        part('name', 'Ana'),
        part('tags', 'a'),
        part('photo', '0123456789', 'a.png'),
        part('other', 'x', 'b.png'),
      ),
    );
    expect(response.json()).toEqual({
      fields: { name: 'Ana', tags: ['a'] },
      files: [{ field: 'photo', filename: 'a.png', data: '0123456789' }],
    });
  });

  it('answers 413 with the route message for a file over the limit', async () => {
    const response = await send(form(part('photo', '01234567890', 'a.png')));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      fields: { photo: 'La foto supera los 10 bytes.' },
    });
  });

  it('answers 400 to a NUL character, too many parts or a form cut short', async () => {
    const nul = await send(form(part('name', 'A\u0000na')));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(API_MESSAGES.nulCharacter);

    const many = await send(form(...Array.from({ length: 8 }, (_, i) => part(`f${i}`, 'x'))));
    expect(many.statusCode).toBe(400);

    const cut = await send(form(part('name', 'Ana')).slice(0, 60));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('MALFORMED_MULTIPART');
  });
});
