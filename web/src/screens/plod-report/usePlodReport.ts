import {
  SETUP_DOC_NAME,
  isReportId,
  plodSheet,
  readReport,
  readSetup,
  reportDocName,
  type PlodSheet,
  type ReportSnapshot,
} from '@plod/model';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, apiJson, useAuth } from '../../auth';
import { useConnection, useDocSnapshot, useDocument, useOptionalDocSnapshot } from '../../sync';

export type PlodState =
  | { kind: 'loading' }
  /** Online, and the server's answer is not here yet after a while (no access, or no such plod). */
  | { kind: 'waiting' }
  | { kind: 'offline-missing' }
  | { kind: 'not-found' }
  /** A client account asked for a plod of a site it does not review: the server refuses it. */
  | { kind: 'refused' }
  | { kind: 'ready'; report: ReportSnapshot; sheet: PlodSheet };

const WAIT_MS = 10_000;

/** Holds the document of a report id open, or nothing for a malformed id. */
function usePlodDoc(docName: string) {
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  return { info, report };
}

/**
 * The plod of a route id, from this browser's copy (offline too) and the relay: a supervisor or a
 * client account who never had it gets it from the server, a phone that holds it reads it offline.
 */
export function usePlodReport(docName: string): PlodState {
  const auth = useAuth();
  const { info, report } = usePlodDoc(docName);
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  // Names from the setup document where this viewer may read it (not a client account).
  const setup = useOptionalDocSnapshot(auth.kind === 'client' ? null : SETUP_DOC_NAME, readSetup);
  const [slow, setSlow] = useState(false);
  // The relay never sends a client account another site's plod; REST says so at once.
  const [refused, setRefused] = useState(false);
  const client = auth.kind === 'client';
  useEffect(() => {
    if (!client || !online) return;
    let live = true;
    apiJson(`/api/shift-summaries/${docName.slice('report:'.length)}`).catch((error: unknown) => {
      if (live && error instanceof ApiError && error.status === 403) setRefused(true);
    });
    return () => {
      live = false;
    };
  }, [client, online, docName]);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [docName]);
  const sheet = useMemo(() => {
    if (report.id === null) return null;
    const lookup = (list: readonly { id: string; name: string }[]) => (id: string) =>
      list.find((item) => item.id === id)?.name ?? null;
    const names = setup
      ? {
          siteName: lookup(setup.sites.map((s) => ({ id: s.id, name: s.siteName }))),
          rigName: lookup(setup.rigs.map((r) => ({ id: r.id, name: r.rigName }))),
        }
      : {};
    return plodSheet(report, { names });
  }, [report, setup]);

  if (sheet) return { kind: 'ready', report, sheet };
  if (refused) return { kind: 'refused' };
  if (info.status === 'loading') return { kind: 'loading' };
  if (info.serverSynced) return { kind: 'not-found' };
  if (!online) return { kind: 'offline-missing' };
  return slow ? { kind: 'waiting' } : { kind: 'loading' };
}

/** The document name of a route's id, or null when the id cannot be a plod's. */
export function plodDocName(id: string | undefined): string | null {
  return id && isReportId(id) ? reportDocName(id) : null;
}
