import {
  reassertMergedValues,
  readHistory,
  readReportMeta,
  recordReportChanges,
  withActor,
} from '@plod/model';
import type { Actor } from '../auth/principal.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { historyActorOf } from '../services/documents.ts';
import { ConflictError, isServiceError } from '../errors.ts';
import * as Y from 'yjs';
import { applyResult, arrivedRecords, resultOf, scratchOf } from './apply.ts';
import type { KeptEdit, LateEdits } from './late-edits.ts';
import { META_ROOT, STATUS_KEY } from './parts.ts';
import { absorbable, planMerge } from './plan.ts';
import type { PlannedEdit } from './plan.ts';
import { previewMerge } from './preview.ts';
import type { BulkResult, MergeResult, ReviewedSession } from './session-view.ts';
import { PLOD_GONE, REFUSALS, reviewedSession } from './session-view.ts';
import type { EditSession } from './sessions.ts';

/** The report's last-updated key in its meta root (model kernel/report-keys.ts). */
const UPDATED_AT = 'updatedAt';

/** The history's note for a merge: "Merged a late edit from Rig 7 phone" (or "3 late edits"). */
function mergeNote(kept: readonly PlannedEdit[], merged: readonly string[]): string {
  const names = [
    ...new Set(kept.filter((edit) => merged.includes(edit.id)).map((edit) => edit.deviceName)),
  ];
  const what = merged.length === 1 ? 'a late edit' : `${merged.length} late edits`;
  return `Merged ${what} from ${names.join(', ')}`;
}

/**
 * A supervisor's decisions on kept edits, in any order: merge or discard one edit, a session, or
 * all of them. Merging an edit that builds on an earlier waiting one of the same phone merges that
 * one along; a discarded edit is absorbed (apply.ts: brought in and undone at once), so what the
 * phone built on it later still merges, and the phone sees it undone. Nothing answers with an
 * internal id: refusals are sentences (review.ts).
 */
export class LateEditDecisions {
  constructor(
    private readonly edits: LateEdits,
    private readonly manager: DocumentManager,
    private readonly logger: Logger,
  ) {}

  /**
   * Sessions with what merging each would do: its changes in words (before -> after), the earlier
   * sessions of the same phone it builds on, or why it cannot be merged. Reads each plod once.
   */
  async review(): Promise<ReviewedSession[]> {
    await this.settleApplied();
    const sessions = await this.edits.sessions();
    const byDoc = new Map<string, EditSession<KeptEdit>[]>();
    for (const session of sessions) {
      byDoc.set(session.docName, [...(byDoc.get(session.docName) ?? []), session]);
    }
    const reviewed = new Map<string, ReviewedSession>();
    for (const [docName, ofDoc] of byDoc) {
      const kept = await this.edits.keptOf(docName);
      await this.manager.read(docName, (doc) => {
        const exists = readReportMeta(doc).reportId !== null;
        for (const session of ofDoc) {
          const targets = kept.filter((edit) => session.edits.some((e) => e.id === edit.id));
          const preview = exists
            ? previewMerge(doc, targets, kept)
            : { changes: [], alongside: [], refusal: 'gone' as const };
          reviewed.set(session.id, reviewedSession(session, preview, ofDoc));
        }
      });
    }
    return sessions.flatMap((session) => reviewed.get(session.id) ?? []);
  }

  /**
   * Waiting edits whose content the plod already holds are merged in effect: a phone that was told
   * its plod was returned sends again what the server had kept aside, and it goes straight in. They
   * are settled as merged (their phones are told), so no card offers a change the plod already shows.
   */
  async settleApplied(): Promise<void> {
    const docs = new Set((await this.edits.sessions()).map((session) => session.docName));
    for (const docName of docs) {
      const kept = await this.edits.keptOf(docName);
      const waiting = kept.filter((edit) => edit.state === 'waiting');
      const applied = await this.manager.read(docName, (doc) =>
        readReportMeta(doc).reportId === null
          ? []
          : waiting.filter((edit) => holds(doc, edit.update)).map((edit) => edit.id),
      );
      if (applied.length === 0) continue;
      await this.edits.removeMerged(applied);
      this.logger.info('late edits already in the plod', { doc: docName, merged: applied });
    }
  }

  /** Merges one kept edit (and the earlier edits of its phone it builds on). */
  async mergeEdit(id: string, by: Actor): Promise<MergeResult> {
    return this.mergeTargets(await this.edits.docOfWaiting(id), [id], by);
  }

  /** Merges a session's edits as one (and the earlier sessions of its phone they build on). */
  async mergeSession(id: string, by: Actor): Promise<MergeResult> {
    const session = await this.edits.sessionOf(id);
    return this.mergeTargets(
      session.docName,
      session.edits.map((edit) => edit.id),
      by,
    );
  }

  /** Discards one kept edit: the plod stays as it was, and the phone sees the edit undone. */
  async discardEdit(id: string): Promise<void> {
    const docName = await this.edits.docOfWaiting(id);
    await this.edits.markDiscarded([id]);
    await this.absorbDiscarded(docName);
  }

  /** Discards a session's edits. */
  async discardSession(id: string): Promise<{ id: string; discarded: number }> {
    const session = await this.edits.sessionOf(id);
    await this.edits.markDiscarded(session.edits.map((edit) => edit.id));
    await this.absorbDiscarded(session.docName);
    return { id, discarded: session.edits.length };
  }

  /**
   * Merges every waiting session (of one plod, or all), oldest first. A session that cannot be
   * merged is left waiting and named in `failed`; the others go on.
   */
  async mergeAll(by: Actor, reportId?: string): Promise<BulkResult> {
    const result: BulkResult = { sessions: 0, edits: 0, failed: [] };
    for (const session of await this.edits.sessionsOf(reportId)) {
      // An earlier session may have been merged along with a later one already.
      const waiting = await Promise.all(session.edits.map((edit) => this.edits.isWaiting(edit.id)));
      if (!waiting.includes(true)) continue;
      try {
        const merged = await this.mergeSession(session.id, by);
        result.sessions += 1;
        result.edits += merged.merged.length;
      } catch (error) {
        if (!isServiceError(error)) throw error;
        result.failed.push({ id: session.id, message: error.message });
      }
    }
    return result;
  }

  /** Discards every waiting session (of one plod, or all). */
  async discardAll(_by: Actor, reportId?: string): Promise<BulkResult> {
    const sessions = await this.edits.sessionsOf(reportId);
    await this.edits.markDiscarded(
      sessions.flatMap((session) => session.edits.map((edit) => edit.id)),
    );
    for (const docName of new Set(sessions.map((session) => session.docName))) {
      await this.absorbDiscarded(docName);
    }
    const edits = sessions.reduce((sum, session) => sum + session.edits.length, 0);
    return { sessions: sessions.length, edits, failed: [] };
  }

  /**
   * Merges edits as a server write (stored, sent to connected clients and projected like any other
   * update); the plod stays submitted and its "last updated" moves. Tried on a copy first, so a
   * refused merge changes nothing. The history records it as `by`'s merge (the phone's own records
   * come with the edits).
   */
  private async mergeTargets(
    docName: string,
    ids: readonly string[],
    by: Actor,
  ): Promise<MergeResult> {
    const kept = await this.edits.keptOf(docName);
    const targets = kept.filter((edit) => ids.includes(edit.id));
    // Planned and tried on a copy outside any transaction (see resultOf), then applied as one write.
    const { plan, update } = await this.manager.read(docName, (doc) => {
      if (readReportMeta(doc).reportId === null) throw new ConflictError(PLOD_GONE);
      const planned = planMerge(doc, targets, kept);
      if (typeof planned === 'string') throw new ConflictError(REFUSALS[planned]);
      // "Last updated" moves with the merge.
      const known = new Set(readHistory(doc).map((entry) => entry.recordId));
      const result = resultOf(doc, planned.steps, (scratch) => {
        // What the merged edits set shows, though a discarded edit's value once stood beside it.
        reassertMergedValues(scratch, arrivedRecords(scratch, known));
        scratch.getMap(META_ROOT).set(UPDATED_AT, new Date().toISOString());
      });
      if (typeof result === 'string') throw new ConflictError(REFUSALS[result]);
      return { plan: planned, update: result };
    });
    await this.manager.transact(docName, (doc) => {
      if (readReportMeta(doc).reportId === null) throw new ConflictError(PLOD_GONE);
      const meta = doc.getMap(META_ROOT);
      const status: unknown = meta.get(STATUS_KEY);
      withActor(doc, historyActorOf(by), () =>
        recordReportChanges(
          doc,
          () => {
            applyResult(doc, update);
            // The plod stays as submitted (also if its status changed since the plan was made).
            if (meta.get(STATUS_KEY) !== status) meta.set(STATUS_KEY, status);
          },
          { note: mergeNote(kept, plan.merged), merge: true },
        ),
      );
    });
    await this.edits.removeMerged(plan.merged);
    await this.edits.markAbsorbed(plan.absorbed);
    this.logger.info('late edits merged', { doc: docName, merged: plan.merged });
    // Discarded edits that built on these can now be absorbed.
    await this.absorbDiscarded(docName);
    return { merged: plan.merged, alongside: plan.alongside };
  }

  /** Absorbs every discarded edit of the plod that can be (see apply.ts), in one write. */
  private async absorbDiscarded(docName: string): Promise<void> {
    const discarded = (await this.edits.keptOf(docName)).filter(
      (edit) => edit.state === 'discarded',
    );
    if (discarded.length === 0) return;
    const absorbing = await this.manager.read(docName, (doc) => {
      // A plod cleanup removed: nothing to bring its edits into.
      if (readReportMeta(doc).reportId === null) return null;
      const ready = absorbable(doc, discarded);
      const update = resultOf(
        doc,
        ready.map((edit) => ({ kind: 'absorb' as const, update: edit.update })),
      );
      return typeof update === 'string' || ready.length === 0 ? null : { ready, update };
    });
    if (!absorbing) return;
    await this.manager.transact(docName, (doc) => applyResult(doc, absorbing.update));
    const ids = absorbing.ready.map((edit) => edit.id);
    await this.edits.markAbsorbed(ids);
    this.logger.info('late edits absorbed', { doc: docName, absorbed: ids });
  }
}

/** True when the document already holds everything the update brings (applying it changes nothing). */
function holds(doc: Y.Doc, update: Uint8Array): boolean {
  const scratch = scratchOf(doc);
  let changed = false;
  scratch.on('update', () => {
    changed = true;
  });
  try {
    Y.applyUpdate(scratch, update);
    return !changed && scratch.store.pendingStructs === null && scratch.store.pendingDs === null;
  } catch {
    return false;
  } finally {
    scratch.destroy();
  }
}
