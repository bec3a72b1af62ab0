/**
 * A phone's edits to one plod that reached the server close together (an offline session coming
 * back, a crew member working on after the plod was submitted) are reviewed as one: one card, one
 * decision. Edits further apart than this start a new session.
 */
export const SESSION_GAP_MS = 30 * 60_000;

/** What grouping needs of a kept edit. */
export interface GroupableEdit {
  id: string;
  docName: string;
  deviceId: string;
  receivedAt: string;
}

export interface EditSession<E extends GroupableEdit> {
  /** The id of its first edit: stable while the session waits. */
  id: string;
  docName: string;
  deviceId: string;
  /** Its edits, oldest first. */
  edits: E[];
}

/**
 * Groups waiting edits (given oldest first) into sessions: per plod and device, consecutive edits
 * each received within SESSION_GAP_MS of the one before. Sessions come in the order of their first
 * edits.
 */
export function groupSessions<E extends GroupableEdit>(
  edits: readonly E[],
  gapMs = SESSION_GAP_MS,
): EditSession<E>[] {
  const sessions: EditSession<E>[] = [];
  const open = new Map<string, EditSession<E>>();
  for (const edit of edits) {
    const key = `${edit.docName}\u0000${edit.deviceId}`;
    const current = open.get(key);
    const last = current?.edits.at(-1);
    if (current && last && Date.parse(edit.receivedAt) - Date.parse(last.receivedAt) <= gapMs) {
      current.edits.push(edit);
      continue;
    }
    const session: EditSession<E> = {
      id: edit.id,
      docName: edit.docName,
      deviceId: edit.deviceId,
      edits: [edit],
    };
    sessions.push(session);
    open.set(key, session);
  }
  return sessions;
}
