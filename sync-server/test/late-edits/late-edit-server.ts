import { expect } from 'vitest';
import type * as Y from 'yjs';
import { readReportMeta, reportDocName, setStatus } from '@plod/model';
import type { ReportId } from '@plod/model';
import { secureServersOn } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { connectClient, synced, tempDir, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

/**
 * The late-edit suites' server, on the app tables of `backend`, with access control on: REST calls
 * and supervisor sockets carry the supervisor's session, crew phones their device token. Its
 * clients and servers are closed after each test.
 */
export function lateEditServer(backend: AppTablesBackend) {
  let server: SecureServer | null = null;
  const { clients, startSecureServer } = secureServersOn(backend);
  let boss: As & { kind: 'supervisor' } = { kind: 'supervisor', cookie: '' };

  const live = (): SecureServer => {
    if (!server) throw new Error('no server');
    return server;
  };
  /** Starts the server on `dataDir` and signs the supervisor in. */
  const start = async (dataDir = tempDir(), port?: number) => {
    // startSecureServer passes its options on to startServer, which also takes the port to listen on
    // (a restart on the same port lets the phones' providers reconnect by themselves).
    server = await startSecureServer({ dataDir, port });
    boss = await server.signIn();
    return server;
  };
  /** A REST call as the supervisor; an empty body reads as null. */
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await live().call(boss, method, path, body);
    return { status: reply.status, body: reply.body === '' ? null : reply.body };
  };
  const keep = (client: TestClient) => {
    clients.push(client);
    return client;
  };
  const supervisorSocket = (room: string) =>
    keep(connectClient(live().url, room, { headers: live().socketHeaders(boss) }));
  const serverRead = <T>(room: string, read: (doc: Y.Doc) => T): Promise<T> =>
    live().server.manager.read(room, read);

  return {
    live,
    start,
    call,
    /** A new plod of `date`: its document's name. */
    newReport: async (date: string) => {
      const created = await call('POST', '/api/shift-summaries', { date });
      expect(created.status).toBe(201);
      return reportDocName((created.body as { id: ReportId }).id);
    },
    /** A crew phone joined with the code: its socket carries the device token. */
    crewPhone: (room: string, token: string, doc?: Y.Doc) =>
      keep(connectClient(live().url, room, { durability: true, params: { token }, doc })),
    supervisorSocket,
    serverRead,
    acknowledged: (client: TestClient) =>
      waitFor(() => client.tracker?.pending === 0, 'edits acknowledged'),
    /** A supervisor's socket on `room` submits the plod; resolves once the server has it sent. */
    submitOverSocket: async (room: string) => {
      const supervisor = supervisorSocket(room);
      await synced(supervisor);
      setStatus(supervisor.doc, 'sent');
      await waitFor(
        async () => (await serverRead(room, (d) => readReportMeta(d).status)) === 'sent',
      );
      return supervisor;
    },
  };
}
