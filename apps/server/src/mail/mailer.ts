import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A sent message as the development mailbox keeps it. */
export interface StoredMail extends MailMessage {
  sentAt: Date;
}

const MAILBOX_SIZE = 200;

/**
 * Sends mail with nodemailer (ARCHITECTURE "mail"): over SMTP when `mailUrl` is set; otherwise
 * the message is printed to the log and kept in an in-memory development mailbox (newest last).
 */
export class Mailer {
  readonly mailbox: StoredMail[] = [];
  private readonly transport: Transporter;

  constructor(private readonly options: { mailUrl: string | undefined; from: string; logger: FastifyBaseLogger }) {
    this.transport = options.mailUrl ? nodemailer.createTransport(options.mailUrl) : nodemailer.createTransport({ jsonTransport: true });
  }

  /**
   * Sends one message. Resolves once the transport accepted it.
   * @throws the transport's error (callers sending in the background log it).
   */
  async send(message: MailMessage): Promise<void> {
    if (!this.options.mailUrl) {
      this.mailbox.push({ ...message, sentAt: new Date() });
      if (this.mailbox.length > MAILBOX_SIZE) this.mailbox.shift();
      this.options.logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${message.to}: ${message.subject}\n${message.text}`,
      );
    }
    await this.transport.sendMail({ from: this.options.from, ...message });
  }

  /** Sends without waiting, so response time does not reveal whether a mail went out. */
  sendInBackground(message: MailMessage): void {
    this.send(message).catch((error: unknown) => {
      this.options.logger.error({ err: error, to: message.to }, 'mail delivery failed');
    });
  }

  /** The newest development-mailbox message to `to`, if any. */
  findLatest(to: string): StoredMail | undefined {
    return this.mailbox.findLast((mail) => mail.to === to.toLowerCase());
  }

  close(): void {
    this.transport.close();
  }
}
