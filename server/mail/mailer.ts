// Mail over SMTP (SMTP_URL), or written to the log when no SMTP server is configured.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What became of one message: handed over (to the SMTP server, or to the log), or not. */
export type MailOutcome = 'sent' | 'failed';

export interface Mailer {
  /** Rejects when the message could not be handed to the SMTP server. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /** Tells `listener` the outcome of every later send (the metrics count them); returns the unsubscribe. */
  onOutcome?(listener: (outcome: MailOutcome) => void): () => void;
}

export class MailError extends Error {}

type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Adds the outcome listeners to a transport's send. */
function observed(send: Mailer['send'], close: Mailer['close']): Mailer {
  const listeners = new Set<(outcome: MailOutcome) => void>();
  const tell = (outcome: MailOutcome) => {
    for (const listener of listeners) listener(outcome);
  };
  return {
    async send(message) {
      try {
        await send(message);
      } catch (error) {
        tell('failed');
        throw error;
      }
      tell('sent');
    },
    close,
    onOutcome(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function createMailer(options: { smtpUrl?: string; from: string }, log: Logger): Mailer {
  if (!options.smtpUrl) {
    return observed(
      async (message) => {
        // The zero-configuration default: the operator reads codes from the log (DESIGN.md).
        log.info(
          { mail: { to: message.to, subject: message.subject } },
          `mail (no SMTP_URL set)\n${message.text}`,
        );
      },
      async () => {},
    );
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return observed(
    async (message) => {
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
    async () => {
      transport.close();
    },
  );
}
