// A real SMTP server, started by a test, that keeps every message it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` that arrives after the call (or one already waiting, unread). */
  nextMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next mail to `to` that carries a code, passing over security alerts and other mail. */
  nextCodeMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the server refuse the next messages (a failed send). */
  failNext(count?: number): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  let text = rest.join('\n\n');
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(text);
  if (encoding === 'base64') text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, subject, text: Buffer.from(text, 'latin1').toString('utf8'), raw };
}

export interface SmtpServerOptions {
  /** A fixed port (the end-to-end server is started with it); by default any free one. */
  port?: number;
  /** Called with every mail received, e.g. to file it for other processes to read. */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const unread = new Set<ReceivedMail>();
  const waiters: {
    to: string;
    accepts: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }[] = [];
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          callback(new Error('Mailbox unavailable'));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parse(Buffer.concat(chunks).toString('latin1'), to);
        mails.push(mail);
        options.onMail?.(mail);
        const waiterIndex = waiters.findIndex((w) => to.includes(w.to) && w.accepts(mail));
        if (waiterIndex >= 0) waiters.splice(waiterIndex, 1)[0].resolve(mail);
        else unread.add(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function nextMatching(
    to: string,
    accepts: (mail: ReceivedMail) => boolean,
    timeoutMs: number,
  ): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const waiting = [...unread].find((mail) => mail.to.includes(address) && accepts(mail));
    if (waiting) {
      unread.delete(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise<ReceivedMail>((resolve, reject) => {
      const waiter = {
        to: address,
        accepts,
        resolve: (mail: ReceivedMail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        // A waiter that gave up must not swallow the next mail.
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.push(waiter);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo: (to, timeoutMs = 5000) => nextMatching(to, () => true, timeoutMs),
    nextCodeMailTo: (to, timeoutMs = 5000) =>
      nextMatching(to, (mail) => /\b\d{6}\b/.test(mail.subject), timeoutMs),
    failNext(count = 1) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one 6-digit number in a code mail. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
  if (!match) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}
