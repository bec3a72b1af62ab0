import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.ts';
import { waitFor } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  port: number;
  /** The configuration it runs (the documented one, with this test's ports). */
  config: string;
  close(): Promise<void>;
}

/**
 * The nginx block of docs/operations.md ("Running several processes on PostgreSQL"), as written:
 * the test runs the configuration operators are told to use.
 */
export function documentedNginxConfig(): string {
  const operations = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(operations)?.[1];
  if (!block) throw new Error('docs/operations.md has no nginx block');
  return block;
}

/** Debian's nginx, installed as the suite's setup does when it is missing. */
function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  execFileSync('bash', [path.join(root, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * nginx in the foreground with the documented configuration in front of `upstreams` (ports on
 * 127.0.0.1), listening on a free port of 127.0.0.1 without TLS (the one change: a test has no
 * certificate), its files in a temporary folder.
 */
export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  ensureNginx();
  const documented = documentedNginxConfig();
  const servers = upstreams
    .map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-nginx-'));
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const site = documented
      .replace(/upstream plod \{[^}]*\}/, `upstream plod {\n${servers}\n}`)
      .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`)
      .replace('server_name plod.example.com;', 'server_name localhost;');
    const config = [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      site,
      '}',
    ].join('\n');
    const file = path.join(dir, 'nginx.conf');
    fs.writeFileSync(file, config);
    const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', `${dir}/error.log`], {
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    let gone = false;
    void exited.then(() => (gone = true));
    try {
      await waitFor(async () => gone || (await accepts(port)), 'nginx listening', 10_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    if (gone) {
      // The port was taken between the check and the start: another one.
      if (attempt < 3) continue;
      throw new Error(`nginx did not start: ${fs.readFileSync(`${dir}/error.log`, 'utf8')}`);
    }
    return {
      port,
      config,
      close: async () => {
        if (!gone) child.kill('SIGQUIT');
        await exited;
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}
