import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/** Debian's nginx (nginx-light) and its brotli_static module, which .ci/run installs. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';

export function requireNginx(): void {
  for (const file of [NGINX_PATH, BROTLI_STATIC_MODULE, MIME_TYPES]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing: install nginx (apt-get install -y nginx-light libnginx-mod-http-brotli-static) or set NGINX_PATH.`,
      );
    }
  }
}

export interface NginxFiles {
  /** The wrapper that loads the module and includes the gateway config in its http block. */
  mainConfig: string;
  errorLog: string;
  prefix: string;
}

/**
 * An nginx that a user without root runs in the foreground: everything it writes (pid, logs,
 * temp files) below `dir`. The http block says what Debian's /etc/nginx/nginx.conf says around
 * its `include /etc/nginx/conf.d/*.conf`, where docs/deploy.md puts the gateway's config, so
 * the generated file is tested in the context production includes it in.
 */
export async function writeNginxWrapper(dir: string, gatewayConfig: string): Promise<NginxFiles> {
  const files = {
    mainConfig: path.join(dir, 'nginx.conf'),
    errorLog: path.join(dir, 'error.log'),
    prefix: `${dir}/`,
  };
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `${name}-temp`)};`;
  await writeFile(
    files.mainConfig,
    [
      `load_module ${BROTLI_STATIC_MODULE};`,
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${files.errorLog} warn;`,
      'worker_processes 1;',
      'events {',
      '    worker_connections 256;',
      '}',
      'http {',
      '    sendfile on;',
      '    tcp_nopush on;',
      '    types_hash_max_size 2048;',
      `    include ${MIME_TYPES};`,
      '    default_type application/octet-stream;',
      '    ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
      '    ssl_prefer_server_ciphers on;',
      '    access_log off;',
      '    gzip on;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
      `    include ${gatewayConfig};`,
      '}',
      '',
    ].join('\n'),
  );
  return files;
}

/** The arguments that point nginx at the wrapper: its prefix, error log and main config. */
export function nginxArgs(files: NginxFiles): string[] {
  return ['-p', files.prefix, '-e', files.errorLog, '-c', files.mainConfig];
}

/** `nginx -t` on the wrapper: its exit code and what it printed. */
export async function testNginxConfig(files: NginxFiles): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(NGINX_PATH, ['-t', ...nginxArgs(files)]);
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` || String(error) };
  }
}

export interface RunningNginx {
  pid: number;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground, as this process's child, answering on every port in `ports`. It is
 * stopped by its own PID only: other nginx processes on the machine are never touched.
 */
export async function startNginx(files: NginxFiles, ports: readonly number[]): Promise<RunningNginx> {
  const child = spawn(NGINX_PATH, [...nginxArgs(files), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failure = async (why: string) => {
    const log = await readFile(files.errorLog, 'utf8').catch(() => '');
    return new Error(`nginx ${why}:\n${stderr}${log}`);
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  const started = await Promise.all(ports.map((port) => waitForPort(port, running))).then(
    () => running(),
    () => false,
  );
  if (!started || child.pid === undefined) {
    await stopChild(child, exited);
    throw await failure('did not start');
  }
  const pid = child.pid;
  // A worker that dies without its teardown must not leave nginx holding the ports.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    pid,
    stop: async () => {
      process.off('exit', killOnExit);
      await stopChild(child, exited);
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGTERM is nginx's fast shutdown: the master stops its workers, then itself.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until `port` takes connections, while `running` says the server is still up. */
async function waitForPort(port: number, running: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (running()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server exited');
}
