// PassVault behind Debian's nginx, for the reverse-proxy journeys: a server process of its own (its own
// port, data and environment; the mail goes to the run's SMTP server) and nginx on a loopback port,
// configured with a sample file from deploy/nginx/ exactly as the README documents it. Only the listen line
// (to a loopback port) and the upstream port are changed, and the test fails if they cannot be found.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_DIR } from './env';
import { COMPILED_SERVER, serverEnv, stopProcess, waitForAnswer } from './serverProcess';

const ROOT = path.resolve(__dirname, '..', '..');

/** The nginx binary: Debian's package puts it in /usr/sbin (often not on a user's PATH). */
export function findNginx(): string | undefined {
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

export interface ProxySetup {
  /** deploy/nginx/<file> */
  sample: string;
  /** The server's environment besides port, data and mail. */
  env: Record<string, string>;
  appPort: number;
  proxyPort: number;
}

export interface ProxiedApp {
  /** http://127.0.0.1:<proxyPort>/vault/ */
  url: string;
  /** The upstream, bypassing nginx: http://127.0.0.1:<appPort> */
  appOrigin: string;
  stop(): Promise<void>;
}

/** The sample configuration with the listen port and the upstream port of this run. */
export function sampleWithPorts(sample: string, proxyPort: number, appPort: number): string {
  const text = fs.readFileSync(path.join(ROOT, 'deploy', 'nginx', sample), 'utf8');
  const replace = (from: string, to: string, input: string) => {
    const count = input.split(from).length - 1;
    if (count !== 1)
      throw new Error(`deploy/nginx/${sample} must contain "${from}" exactly once (found ${count})`);
    return input.replace(from, to);
  };
  return replace(
    'http://127.0.0.1:3000/',
    `http://127.0.0.1:${appPort}/`,
    replace('listen 80;', `listen 127.0.0.1:${proxyPort};`, text),
  );
}

/** Starts the server and nginx in front of it; resolves when a health check passes through nginx. */
export async function startProxiedApp(name: string, setup: ProxySetup): Promise<ProxiedApp> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  const dir = path.join(E2E_DIR, `proxy-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  // nginx's workers run as an unprivileged user when started as root: they must reach the temp folders
  // (and under root they run as root instead, below: some machines' /tmp lets no other user through).
  fs.mkdirSync(path.join(dir, 'nginx'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);

  const serverLogFile = path.join(dir, 'server.log');
  const serverLog = fs.openSync(serverLogFile, 'a');
  // The server `npm start` compiled in the global setup (.server-build), in this one process, so
  // stopping it stops the server.
  const server = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: ROOT,
    env: serverEnv(setup.appPort, path.join(dir, 'data'), {
      REDIS_URL: '',
      TRUST_PROXY: '',
      ...setup.env,
    }),
    stdio: ['ignore', serverLog, serverLog],
  });
  let proxy: ChildProcess | undefined;
  const stopAll = async () => {
    await stopProcess(proxy);
    await stopProcess(server);
  };
  try {
    const basePath = setup.env.BASE_PATH ? `/${setup.env.BASE_PATH.replace(/^\/+|\/+$/g, '')}` : '';
    const appOrigin = `http://127.0.0.1:${setup.appPort}`;
    await waitForAnswer(`${appOrigin}${basePath}/api/health`, server, {
      what: 'the proxied server',
      timeoutMs: 90_000,
      log: serverLogFile,
    });

    const prefix = path.join(dir, 'nginx');
    fs.writeFileSync(
      path.join(prefix, 'passvault.conf'),
      sampleWithPorts(setup.sample, setup.proxyPort, setup.appPort),
    );
    const temp = (folder: string) => path.join(prefix, folder);
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        // Started as root, the workers would be `nobody`, who cannot reach E2E_DIR where /tmp is 0700.
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'worker_processes 1;',
        'events { worker_connections 256; }',
        'http {',
        `  access_log ${temp('access.log')};`,
        `  client_body_temp_path ${temp('client_body')};`,
        `  proxy_temp_path ${temp('proxy')};`,
        `  fastcgi_temp_path ${temp('fastcgi')};`,
        `  uwsgi_temp_path ${temp('uwsgi')};`,
        `  scgi_temp_path ${temp('scgi')};`,
        `  include ${temp('passvault.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const nginxLogFile = path.join(dir, 'nginx.log');
    const nginxLog = fs.openSync(nginxLogFile, 'a');
    proxy = spawn(
      nginx,
      [
        '-e',
        'stderr',
        '-p',
        prefix,
        '-c',
        path.join(prefix, 'nginx.conf'),
        '-g',
        `daemon off; pid ${temp('nginx.pid')}; error_log stderr;`,
      ],
      { stdio: ['ignore', nginxLog, nginxLog] },
    );
    const url = `http://127.0.0.1:${setup.proxyPort}/vault/`;
    await waitForAnswer(`${url}api/health`, proxy, { what: 'nginx', timeoutMs: 90_000, log: nginxLogFile });
    return { url, appOrigin, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
