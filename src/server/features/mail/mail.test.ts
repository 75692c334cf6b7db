import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createMailer, inboxDir, mailDomain, readInbox } from './mailer';
import { passwordResetMail, verificationMail } from './templates';

describe('mail templates', () => {
  it('are Spanish, branded, in HTML and text, and escape what users typed', () => {
    const mail = verificationMail(
      '<script>alert(1)</script>',
      'https://vendemas.example/auth/callback?token=a&b=1',
    );
    expect(mail.subject).toBe('Confirma tu cuenta de VendeMás');
    expect(mail.text).toContain(
      'Confirmar mi cuenta: https://vendemas.example/auth/callback?token=a&b=1',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('token=a&amp;b=1');
    expect(passwordResetMail('Ana', 'https://x/update-password?token=t').text).toMatch(
      /vence en 1 hora/,
    );
  });
});

describe('local inbox without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps each message as .eml and lists it with its links at /dev/mail', async () => {
    await t.app.mailer.send({
      to: 'ana@example.com',
      ...verificationMail('Ana', 'http://localhost:3000/auth/callback?token=abc'),
    });
    const [entry] = await readInbox(t.config.dataDir);
    expect(entry).toMatchObject({
      to: 'ana@example.com',
      links: ['http://localhost:3000/auth/callback?token=abc'],
    });
    // The messages hold sign-in links: their owner's only.
    const dir = inboxDir(t.config.dataDir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(dir)) {
      expect(statSync(path.join(dir, name)).mode & 0o777, name).toBe(0o600);
    }

    const json = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      headers: { accept: 'application/json' },
    });
    expect(json.json().messages[0].subject).toBe('Confirma tu cuenta de VendeMás');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('href="http://localhost:3000/auth/callback?token=abc"');
  });

  it('answers only requests from this machine', async () => {
    await t.app.mailer.send({
      to: 'bea@example.com',
      subject: 'Privado',
      html: '<p>x</p>',
      text: 'x',
    });
    for (const remoteAddress of ['192.168.1.20', '10.0.0.7', '2001:db8::1']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.body).not.toContain('Privado');
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    const env = { DATA_DIR: t.config.dataDir };
    expect(loadConfig(env).host).toBe('localhost');
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        ...env,
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://127.0.0.1:2525',
      }).host,
    ).toBe('0.0.0.0');
  });
});

describe('mail in production', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('goes out by SMTP and never lands in DATA_DIR', async () => {
    await t.app.mailer.send({
      to: 'ana@example.com',
      ...passwordResetMail('Ana', 'https://vendemas.example/update-password?token=abc'),
    });
    expect(smtp.to('ana@example.com')).toHaveLength(1);
    expect(existsSync(inboxDir(t.config.dataDir))).toBe(false);
    expect(() =>
      createMailer({
        smtpUrl: undefined,
        from: t.config.mailFrom,
        dataDir: t.config.dataDir,
        log: t.app.log,
        isProduction: true,
      }),
    ).toThrow(/SMTP_URL is required in production/);
  });

  it('is not listed at /dev/mail (the path falls through to the web app)', async () => {
    await t.app.mailer.send({
      to: 'ana@example.com',
      subject: 'Privado',
      html: '<p>x</p>',
      text: 'x',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      headers: { accept: 'application/json' },
    });
    expect(response.body).not.toContain('Privado');
    expect(response.body).not.toContain('Bandeja local');
    expect(response.statusCode).toBe(404);
  });
});

describe('sending through SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const smtpMailer = (url: string) =>
    createMailer({
      smtpUrl: url,
      from: t.config.mailFrom,
      dataDir: t.config.dataDir,
      log: t.app.log,
    });

  it('sends the Message-ID it is given', async () => {
    const sink = await startSmtpSink();
    try {
      await smtpMailer(sink.url).send({
        to: 'ana@example.com',
        subject: 'Hola',
        html: '<p>Hola</p>',
        text: 'Hola',
        messageId: '<outbox.7.abc@vendemas.com.ar>',
      });
      expect(sink.received[0]?.messageId).toBe('<outbox.7.abc@vendemas.com.ar>');
    } finally {
      await sink.close();
    }
  });

  it('gives up on a server slower than the deadline instead of waiting for it', async () => {
    const sink = await startSmtpSink({ delayMs: 5000 });
    try {
      const started = Date.now();
      await expect(
        smtpMailer(sink.url).send(
          { to: 'ana@example.com', subject: 'Hola', html: '<p>Hola</p>', text: 'Hola' },
          { signal: AbortSignal.timeout(300) },
        ),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await sink.close();
    }
  });

  it('makes Message-IDs in the site’s domain, or the sender’s when the site runs on localhost', () => {
    const mailFrom = 'VendeMás <no-responder@vendemas.com.ar>';
    expect(mailDomain({ appUrl: 'https://app.vendemas.com.ar', mailFrom })).toBe(
      'app.vendemas.com.ar',
    );
    expect(mailDomain({ appUrl: 'http://localhost:3000', mailFrom })).toBe('vendemas.com.ar');
    expect(mailDomain({ appUrl: 'http://127.0.0.1:3000', mailFrom })).toBe('vendemas.com.ar');
    expect(mailDomain({ appUrl: 'http://localhost:3000', mailFrom: 'avisos@Tienda.Example' })).toBe(
      'tienda.example',
    );
  });
});
