import { notifications } from '@mantine/notifications';
import {
  HOLES_DOC_NAME,
  addHoleToReport,
  addRun,
  chooseHoleSetting,
  chooseRegisteredHoleSetting,
  holeProgressMark,
  isModelError,
  readHoleProgress,
  readRegisterWrites,
  recordHoleProgress,
  registerHole,
  removeRun,
  updateRun,
  type HoleConfigInput,
  type HoleId,
  type HoleSetting,
  type ReportId,
  type RunId,
  type RunInput,
  type RunPatch,
  type SettingValue,
} from '@plod/model';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDocSnapshot, useDocument, useMutation } from '../../sync';
import { useHoleRegister, useReport } from '../report-common/useReport';
import { holeCandidates, type HoleCandidate } from './continue-hole';
import { useSuggestedHoleId } from './hole-numbers';

function failed(title: string, error: unknown, fallback: string): void {
  notifications.show({
    color: 'red',
    title,
    message: isModelError(error) ? error.message : fallback,
  });
}

/** Everything Run Sheets does with its documents: the report, the hole register and progress marks. */
export function useRunSheet(reportId: ReportId) {
  const { docName, report, loading, newerSchema } = useReport(reportId);
  const register = useHoleRegister();
  const registerWrites = useDocSnapshot(HOLES_DOC_NAME, readRegisterWrites);
  // A plod or register saved by a newer version of Plod is read, never written, here.
  const holesNewer = useDocument(HOLES_DOC_NAME).newerSchema;
  const publishes = !newerSchema && !holesNewer;
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  const suggestedHoleId = useSuggestedHoleId();
  const registerNew = useMutation(HOLES_DOC_NAME, registerHole);
  const chooseInRegister = useMutation(HOLES_DOC_NAME, chooseRegisteredHoleSetting);
  const recordProgress = useMutation(HOLES_DOC_NAME, recordHoleProgress);
  const addHole = useMutation(docName, addHoleToReport);
  const chooseInReport = useMutation(docName, chooseHoleSetting);
  const addRunTo = useMutation(docName, addRun);
  const correctRun = useMutation(docName, updateRun);
  const deleteRun = useMutation(docName, removeRun);
  const [params, setParams] = useSearchParams();

  const fallback =
    report.holes.filter((h) => h.status === 'ACTIVE').at(-1) ?? report.holes.at(-1) ?? null;
  const hole = report.holes.find((h) => h.holeId === params.get('holeId')) ?? fallback;

  const select = useCallback(
    (holeId: HoleId) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('holeId', holeId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Publish where this report leaves each hole, so a later shift can continue it (see continue-hole.ts).
  // Re-run after every merge: a phone that synced other phones' runs publishes the merged chain.
  useEffect(() => {
    if (loading || !publishes) return;
    for (const h of report.holes) recordProgress(holeProgressMark(h, reportId, report.bitChanges));
  }, [loading, publishes, report.holes, report.bitChanges, recordProgress, reportId]);

  /** Start Drilling: register the hole at the shift's site, add it to the report and show it. */
  const startHole = (config: HoleConfigInput): string | null => {
    if (register.some((r) => r.holeId === config.holeId)) {
      return `Hole ${config.holeId} already exists: continue it instead.`;
    }
    try {
      // Without a site (Shift Details not done) the hole is worked in this report only.
      if (report.shift.siteId) registerNew(report.shift.siteId, config);
      addHole(config);
      select(config.holeId);
      return null;
    } catch (e) {
      return isModelError(e) ? e.message : 'Could not start the hole.';
    }
  };

  /** Continue a hole: where the register says it stands, with its setup writes (choices to come). */
  const continueHole = (candidate: HoleCandidate): boolean => {
    try {
      if (!candidate.inReport) {
        const writes = registerWrites.filter((w) => w.holeId === candidate.holeId);
        addHole(candidate, candidate.start, writes);
      }
      select(candidate.holeId);
      return true;
    } catch (e) {
      failed('Error', e, 'Could not continue the hole.');
      return false;
    }
  };

  /** Settle a setting phones set differently, in the report and (when registered) the register. */
  const chooseSetting = (holeId: HoleId, setting: HoleSetting, value: SettingValue) => {
    try {
      chooseInReport(holeId, setting, value);
      if (register.some((r) => r.holeId === holeId)) chooseInRegister(holeId, setting, value);
    } catch (e) {
      failed('Error', e, 'Could not save the choice.');
    }
  };

  const addRunToHole = (input: RunInput): boolean => {
    if (!hole) return false;
    try {
      // No "Run Added" toast: the new run shows in the table at once.
      addRunTo(hole.holeId, input);
      return true;
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add run' });
      return false;
    }
  };

  const editRun = (id: RunId, patch: RunPatch): boolean => {
    try {
      correctRun(id, patch);
      return true;
    } catch (e) {
      failed('Error', e, 'Failed to update run');
      return false;
    }
  };

  return {
    docName,
    report,
    loading,
    newerSchema,
    hole,
    suggestedHoleId,
    candidates: holeCandidates(report.holes, register, marks, reportId),
    registeredIds: register.map((r) => r.holeId),
    startHole,
    continueHole,
    chooseSetting,
    addRun: addRunToHole,
    editRun,
    deleteRun: (id: RunId) => deleteRun(id),
  };
}
