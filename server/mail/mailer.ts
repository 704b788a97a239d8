// Mail over SMTP (SMTP_URL), or written to the log when no SMTP server is configured.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Rejects when the message could not be handed to the SMTP server. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class MailError extends Error {}

type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

export function createMailer(options: { smtpUrl?: string; from: string }, log: Logger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        // The zero-configuration default: the operator reads codes from the log (DESIGN.md).
        log.info(
          { mail: { to: message.to, subject: message.subject } },
          `mail (no SMTP_URL set)\n${message.text}`,
        );
      },
      async close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        log.error({ err: { message: (error as Error).message } }, 'mail could not be sent');
        throw new MailError('We could not send the e-mail. Please try again later.');
      }
    },
    async close() {
      transport.close();
    },
  };
}
