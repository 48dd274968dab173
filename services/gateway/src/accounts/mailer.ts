import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  /** Where answers go when not to the sender (the contact form's mail: the visitor who wrote). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'outbox' writes .eml files for a person trying the platform on one machine; 'smtp' really sends. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves with the file written (outbox) or nothing (SMTP). */
  send(mail: Mail): Promise<{ file?: string }>;
}

export interface MailerOptions {
  /** e.g. smtp://user:pass@mail.example.org:587 or smtps://...; unset means the outbox. */
  smtpUrl?: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  from: string;
}

/** `2026-11-21T20-15-03.120Z-ada@example.org.eml`: sorts by time, safe on every file system. */
export function outboxFileName(at: Date, to: string) {
  const stamp = at.toISOString().replace(/:/g, '-');
  const who = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${who}.eml`;
}

/**
 * Both paths build the message with nodemailer itself: SMTP sends it, the outbox asks nodemailer's stream
 * transport for the same message as RFC 822 bytes and saves them.
 */
export function createMailer(options: MailerOptions, now: () => number = Date.now): Mailer {
  // Each file's time is later than the previous one's, so names sort in sending order even within 1 ms.
  let last = 0;
  const nextStamp = () => (last = Math.max(now(), last + 1));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      for (let attempt = 0; ; attempt++) {
        const file = join(options.outboxDir, outboxFileName(new Date(nextStamp()), mail.to));
        try {
          await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
          return { file };
        } catch (err) {
          // Another gateway process wrote a mail to the same address in the same millisecond.
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 50) throw err;
        }
      }
    },
  };
}
