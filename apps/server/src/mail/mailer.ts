import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

const require = createRequire(import.meta.url);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A sent message as the development mailbox keeps it. */
export interface StoredMail extends MailMessage {
  sentAt: Date;
  /** The Message-ID header, e.g. `<0190…@tandem.local>`. */
  messageId: string | undefined;
}

export interface MailerOptions {
  mailUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
  /**
   * Connection, greeting and socket timeouts of the SMTP transport, in ms. The mail job sets them
   * below its own expiry so a stuck attempt ends before its retry starts (decision 011).
   */
  timeoutMs?: number;
}

const MAILBOX_SIZE = 200;

/**
 * The development log's one line for a sent message (issue #8: easy to find with `grep MAIL`):
 * `MAIL to=ann@example.com subject="123456 is your Tandem sign-in code" links=https://…`. Codes
 * are in the subject; the links of the text (reset, invitation) follow, so no body is needed.
 */
export function mailLogLine(message: Pick<MailMessage, 'to' | 'subject' | 'text'>): string {
  const links = message.text.match(/https?:\/\/\S+/g) ?? [];
  return `MAIL to=${message.to} subject=${JSON.stringify(message.subject)}${links.length > 0 ? ` links=${links.join(' ')}` : ''}`;
}

/**
 * Sends mail with nodemailer (ARCHITECTURE "mail"): over SMTP when `mailUrl` is set; otherwise
 * the message is logged as one `MAIL to=… subject=… links=…` line (its text at debug) and kept in
 * an in-memory development mailbox (newest last).
 * Emits 'sent' with the StoredMail once the transport accepted a message. Features do not call
 * it directly: they enqueue on the mail queue (mail/mail-jobs.ts), whose handler calls `send`.
 */
export class Mailer extends EventEmitter<{ sent: [StoredMail] }> {
  readonly mailbox: StoredMail[] = [];
  /** Made on the first message. */
  private transport: Transporter | undefined;
  private readonly domain: string;

  constructor(private readonly options: MailerOptions) {
    super();
    this.domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'tandem.local';
  }

  /** The SMTP transport for `mailUrl`, or nodemailer's JSON transport without one; made once. */
  private transporter(): Transporter {
    if (this.transport) return this.transport;
    // Required on the first message, not at start-up: most starts send none (issue #13, cold start).
    const nodemailer = require('nodemailer') as typeof Nodemailer;
    const { mailUrl, timeoutMs } = this.options;
    const timeouts = timeoutMs === undefined ? {} : { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
    this.transport = mailUrl
      ? nodemailer.createTransport({ url: mailUrl, ...timeouts })
      : nodemailer.createTransport({ jsonTransport: true });
    return this.transport;
  }

  /** The Message-ID header for an id: `<{id}@{domain of MAIL_FROM}>` (RFC 5322 §3.6.4). */
  messageIdHeader(id: string): string {
    return `<${id}@${this.domain}>`;
  }

  /**
   * Sends one message, with `Message-ID: <{messageId}@…>` when `messageId` is given. Resolves
   * once the transport accepted it.
   * @throws the transport's error (the mail job retries).
   */
  async send(message: MailMessage, options: { messageId?: string } = {}): Promise<void> {
    const messageId = options.messageId === undefined ? undefined : this.messageIdHeader(options.messageId);
    await this.transporter().sendMail({ from: this.options.from, ...message, ...(messageId ? { messageId } : {}) });
    const stored: StoredMail = { ...message, sentAt: new Date(), messageId };
    if (!this.options.mailUrl) {
      this.mailbox.push(stored);
      if (this.mailbox.length > MAILBOX_SIZE) this.mailbox.shift();
      this.options.logger.info({ mail: { to: message.to, subject: message.subject } }, mailLogLine(message));
      this.options.logger.debug({ mail: { to: message.to, text: message.text } }, 'mail text');
    }
    this.emit('sent', stored);
  }

  /** The newest development-mailbox message to `to`, if any. */
  findLatest(to: string): StoredMail | undefined {
    return this.mailbox.findLast((mail) => mail.to === to.toLowerCase());
  }

  close(): void {
    this.transport?.close();
  }
}
