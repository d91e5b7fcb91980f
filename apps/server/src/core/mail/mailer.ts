/**
 * Outgoing mail. With `SMTP_URL` set, mails go out over SMTP (nodemailer); otherwise each mail is
 * written to `<data>/outbox/` as a JSON file and logged, so a fresh install works with no mail server
 * and an operator can still read every message the site sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /** Mails being sent now, and sent or failed since start (the metrics show them). */
  readonly stats?: MailStats;
}

export interface MailStats {
  sending: number;
  sent: number;
  failed: number;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: (message: string, details: Record<string, unknown>) => void;
}

class OutboxMailer implements Mailer {
  constructor(private readonly options: MailerOptions) {}

  send(message: MailMessage): Promise<void> {
    fs.mkdirSync(this.options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`;
    const file = path.join(this.options.outboxDir, name);
    fs.writeFileSync(file, JSON.stringify({ from: this.options.from, ...message }, null, 2), { mode: 0o600 });
    // The subject and file are logged; the body (with its one-time link) stays in the file only.
    this.options.log('mail written to the outbox', { to: message.to, subject: message.subject, file });
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}

/** Counts what a mailer sends: each mail is sent while its request waits, so `sending` is the queue. */
class CountingMailer implements Mailer {
  readonly stats: MailStats = { sending: 0, sent: 0, failed: 0 };

  constructor(private readonly inner: Mailer) {}

  async send(message: MailMessage): Promise<void> {
    this.stats.sending++;
    try {
      await this.inner.send(message);
      this.stats.sent++;
    } catch (error) {
      this.stats.failed++;
      throw error;
    } finally {
      this.stats.sending--;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export function createMailer(options: MailerOptions): Mailer {
  return new CountingMailer(
    options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new OutboxMailer(options),
  );
}
