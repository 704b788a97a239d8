// Real server processes for the deployment tests: `server/main.ts` under tsx (or compiled), each with its own
// environment on a free port, as an operator runs it. Not a test file: the deployment tests (server/deploy) import it.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
// `node --import tsx` runs the server in this very process. (tsx's CLI would start it as a child of its
// own, and a SIGKILL of the CLI would leave that child running.) A compiled server runs on node alone.
const nodeArgs = (script: string) => (script.endsWith('.ts') ? ['--import', 'tsx', script] : [script]);

/** What a deployment test may set; of these, what it leaves out is cleared (not inherited). */
export interface ServerEnv {
  DATA_DIR?: string;
  DATABASE_URL?: string;
  SMTP_URL?: string;
  REDIS_URL?: string;
  BASE_PATH?: string;
  TRUST_PROXY?: string;
  STATIC_DIR?: string;
}

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** stdout and stderr so far (pino JSON lines and any crash text). */
  output(): string;
  /** SIGTERM, then SIGKILL if it does not exit within 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once, like a power cut; resolves when the process is gone. */
  kill9(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/**
 * Starts `node --import tsx server/main.ts` (or `node <script>`, a compiled main.js); resolves once GET
 * /api/health answers 200.
 */
export async function startServer(
  name: string,
  env: ServerEnv,
  timeoutMs = 90_000,
  script = 'server/main.ts',
): Promise<ServerProcess> {
  // A free port can be taken by someone else before the server binds it: then try another one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(name, env, await freePort(), timeoutMs, script);
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(
  name: string,
  env: ServerEnv,
  port: number,
  timeoutMs: number,
  script: string,
): Promise<ServerProcess> {
  const basePath = env.BASE_PATH ? `/${env.BASE_PATH.replace(/^\/+|\/+$/g, '')}/` : '/';
  const baseUrl = `http://127.0.0.1:${port}${basePath.slice(0, -1)}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    SMTP_URL: '',
    REDIS_URL: '',
    BASE_PATH: '',
    TRUST_PROXY: '',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, nodeArgs(script), {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  const server: ServerProcess = {
    name,
    port,
    baseUrl,
    child,
    output: () => output,
    stop: () => stopChild(child, 'SIGTERM', 10_000),
    kill9: () => stopChild(child, 'SIGKILL', 0),
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${name} did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether anything still accepts connections on the port (a killed server must not). */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One JSON call to a server process; `token` becomes the bearer header. */
export async function api<T = Record<string, unknown>>(
  server: Pick<ServerProcess, 'baseUrl'>,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

export const ACCOUNT_PASSWORD = 'Harbour7!Lantern';
export const MASTER_PASSWORD = 'Quartz9$Meadow';

/** A code-mail source: the SMTP server a test started (server/test/smtpServer.ts). */
export interface CodeMailbox {
  nextCodeMailTo(to: string, timeoutMs?: number): Promise<{ subject: string; text: string }>;
}

function codeOf(mail: { subject: string; text: string }): string {
  const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
  if (!match) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}

/**
 * Registers `email` on `registerOn` and confirms the mailed code on `verifyOn` (the same process, or
 * another one of the deployment). Answers the session token of the new account.
 */
export async function registerUser(
  mailbox: CodeMailbox,
  email: string,
  registerOn: Pick<ServerProcess, 'baseUrl'>,
  verifyOn: Pick<ServerProcess, 'baseUrl'> = registerOn,
): Promise<string> {
  const mail = mailbox.nextCodeMailTo(email, 60_000);
  const started = await api<{ registrationId: string }>(registerOn, 'POST', '/api/auth/register', {
    body: {
      firstName: 'Dana',
      lastName: 'Deploy',
      email,
      password: ACCOUNT_PASSWORD,
      masterPassword: MASTER_PASSWORD,
    },
  });
  if (started.status !== 201) throw new Error(`register: ${started.status} ${JSON.stringify(started.body)}`);
  const otp = codeOf(await mail);
  const verified = await api<{ token: string }>(verifyOn, 'POST', '/api/auth/verify-registration-otp', {
    body: { email, otp, registrationId: started.body.registrationId },
  });
  if (verified.status !== 201) {
    throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  return verified.body.token;
}

/** Creates one entry through the API (with the master password) and answers its id. */
export async function createEntry(
  server: Pick<ServerProcess, 'baseUrl'>,
  token: string,
  title: string,
): Promise<string> {
  const res = await api<{ data?: { password?: { _id: string } } }>(server, 'POST', '/api/passwords', {
    token,
    body: {
      title,
      username: `${title.toLowerCase()}-user`,
      password: `Pw-${title}-9!`,
      website: `https://${title.toLowerCase()}.example`,
      category: 'work',
      masterPassword: MASTER_PASSWORD,
    },
  });
  if (res.status !== 201) throw new Error(`create entry: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.data?.password?._id;
  if (!id) throw new Error(`create entry answered no id: ${JSON.stringify(res.body)}`);
  return id;
}
