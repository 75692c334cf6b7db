import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailAttachment } from './templates';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * `<…@domain>`: the same on every attempt at one message, so a receiving
   * server can drop a repeat. Unset: a new one per send.
   */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface SendOptions {
  /** Aborting it closes the SMTP connection and fails the send (the outbox's deadline per message). */
  signal?: AbortSignal;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
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

/**
 * How long the SMTP client waits for each step before it gives up (nodemailer's
 * defaults are 2 min, 30 s and 10 min). A send that stalls fails and is retried
 * by the outbox, well inside the outbox's lease on the message.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  /** Inactivity between two steps of one send, the server's answer to the message included. */
  socketTimeout: 20_000,
} as const;

/** The longest one send may take in all, unless the caller gives its own signal. */
export const SMTP_SEND_TIMEOUT_MS = 60_000;

/**
 * The domain of the Message-IDs we make: APP_URL's host (each environment its
 * own), or MAIL_FROM's domain when APP_URL is localhost or an address.
 */
export function mailDomain(config: { appUrl: string; mailFrom: string }): string {
  const host = new URL(config.appUrl).hostname;
  const isName = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  if (isName) return host;
  return config.mailFrom.match(/@([\w.-]+)>?\s*$/)?.[1]?.toLowerCase() ?? host;
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message, options = {}) {
      await transport.sendMail({
        from,
        ...message,
        signal: options.signal ?? AbortSignal.timeout(SMTP_SEND_TIMEOUT_MS),
      });
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
