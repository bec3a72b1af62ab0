import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { connectClient, synced, tempDir, waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';

const packageDir = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
  logs: string[];
  /** Calls `listener` with each later log line, as written. */
  onLog(listener: (line: string) => void): void;
  /** Kills it (SIGKILL) unless it has exited already, and waits until it has. */
  close(): Promise<void>;
}

/**
 * `node dist/main.js` in the package folder on port 0 of 127.0.0.1, under the development flag,
 * with `env` over those; its stdout piped, its stderr as `stderr` says.
 */
function runMain(env: Record<string, string>, stderr: 'inherit' | 'pipe'): ChildProcess {
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PLOD_LOG_LEVEL: 'info',
      PLOD_INSECURE_ALLOW_ALL: 'true',
      // Never the package's own data folder: a test names its folder or gets a fresh one.
      PLOD_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'plod-test-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', stderr],
  });
}

/**
 * Runs the server in a child process as `pnpm start` does (the bundle in dist/, which
 * test/global-setup.ts builds from the current sources) and waits until it listens. Without
 * PLOD_DATA_DIR it gets a fresh temporary folder.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = runMain(env, 'inherit');
  const logs: string[] = [];
  const listeners = new Set<(line: string) => void>();
  // Once its output is read to the end too ('close'), so `logs` holds every line it wrote.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout ?? process.stdin });
    lines.on('line', (line) => {
      logs.push(line);
      for (const listener of listeners) listener(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'server listening' && typeof entry.port === 'number') resolve(entry.port);
      } catch {
        // not a log line
      }
    });
    void exited.then((code) => reject(new Error(`server exited early: ${code}`)));
  });
  return {
    child,
    port,
    url: `ws://127.0.0.1:${port}/sync`,
    exited,
    logs,
    onLog: (listener) => void listeners.add(listener),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A server process on a data folder of its own, and a durable client on `room` whose one edit the
 * server has acknowledged; `codes` collects the close codes the client's sockets get. The process
 * and the client are pushed to `processes` and `clients`.
 */
export async function serverWithOneEdit(
  room: string,
  kept: { processes: ServerProcess[]; clients: TestClient[] },
): Promise<{ server: ServerProcess; dataDir: string; client: TestClient; codes: number[] }> {
  const dataDir = tempDir();
  const server = await spawnServer({ PLOD_DATA_DIR: dataDir });
  kept.processes.push(server);
  const client = connectClient(server.url, room, { durability: true });
  kept.clients.push(client);
  await synced(client);
  const codes: number[] = [];
  client.provider.on('connection-close', (event) => {
    if (event) codes.push(event.code);
  });
  client.doc.getMap('m').set('last', 'words');
  await waitFor(() => client.tracker?.pending === 0, 'the edit acknowledged');
  return { server, dataDir, client, codes };
}

/**
 * Runs the server as `spawnServer` does when it is expected not to start: resolves with its exit
 * code and what it wrote on stderr. A server that starts listening instead is killed and the
 * promise rejects.
 */
export async function expectNoStart(
  env: Record<string, string>,
): Promise<{ code: number | string; stderr: string }> {
  const child = runMain(env, 'pipe');
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let listened = false;
  readline.createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
    if (line.includes('"server listening"')) {
      listened = true;
      child.kill('SIGKILL');
    }
  });
  const code = await new Promise<number | string>((resolve) =>
    child.once('close', (exitCode, signal) => resolve(exitCode ?? signal ?? -1)),
  );
  if (listened) throw new Error('the server started, and was expected not to');
  return { code, stderr };
}
