import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface InboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  links: string[];
  text: string;
}

/**
 * SMTP when SMTP_URL is set; otherwise the local inbox under DATA_DIR/mail,
 * which is never used in production (loadConfig requires SMTP_URL there).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  isProduction?: boolean;
}): Mailer {
  if (options.smtpUrl) return createSmtpMailer(options.smtpUrl, options.from);
  if (options.isProduction) {
    throw new Error('SMTP_URL is required in production: e-mails are never kept on disk there');
  }
  return createLocalInbox(inboxDir(options.dataDir), options.from, options.log);
}

export function inboxDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * Development inbox: each message becomes an .eml file (open it in any mail
 * client) with a small JSON index beside it for /dev/mail, and its links go to the log.
 */
function createLocalInbox(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      // The messages hold sign-in links: for this account's eyes only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const info = await transport.sendMail({ from, ...message });
      const date = new Date();
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const links = [...new Set(message.text.match(LINK) ?? [])];
      await writeFile(path.join(dir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
      const entry: InboxEntry = {
        id,
        to: message.to,
        subject: message.subject,
        date: date.toISOString(),
        links,
        text: message.text,
      };
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2), {
        mode: 0o600,
      });
      log.info(
        { to: message.to, subject: message.subject, links },
        'correo guardado en la bandeja local',
      );
    },
  };
}

/** The local inbox, newest first. */
export async function readInbox(dataDir: string): Promise<InboxEntry[]> {
  const dir = inboxDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as InboxEntry),
  );
  return entries.sort((a, b) => b.date.localeCompare(a.date));
}
