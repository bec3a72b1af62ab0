import { notifications } from '@mantine/notifications';
import {
  HOLES_DOC_NAME,
  addHoleToReport,
  addRun,
  holeProgressMark,
  isModelError,
  readHoleProgress,
  recordHoleProgress,
  registerHole,
  suggestHoleId,
  type HoleConfigInput,
  type HoleId,
  type ReportId,
  type RunInput,
} from '@plod/model';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDocSnapshot, useMutation } from '../../sync';
import { useHoleRegister, useReport } from '../report-common/useReport';
import { holeCandidates, type HoleCandidate } from './continue-hole';

function suggestFromRegister(doc: Parameters<typeof suggestHoleId>[0]): string {
  return suggestHoleId(doc, new Date().getFullYear());
}

/** Everything Run Sheets does with its documents: the report, the hole register and progress marks. */
export function useRunSheet(reportId: ReportId) {
  const { docName, report, loading } = useReport(reportId);
  const register = useHoleRegister();
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  const suggestedHoleId = useDocSnapshot(HOLES_DOC_NAME, suggestFromRegister);
  const register_ = useMutation(HOLES_DOC_NAME, registerHole);
  const recordProgress = useMutation(HOLES_DOC_NAME, recordHoleProgress);
  const addHole = useMutation(docName, addHoleToReport);
  const addRunTo = useMutation(docName, addRun);
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
    if (loading) return;
    for (const h of report.holes) recordProgress(holeProgressMark(h, reportId));
  }, [loading, report.holes, recordProgress, reportId]);

  /** Start Drilling: register the hole at the shift's site, add it to the report and show it. */
  const startHole = (config: HoleConfigInput): string | null => {
    if (register.some((r) => r.holeId === config.holeId)) {
      return `Hole ${config.holeId} already exists. Use Continue Previous Hole.`;
    }
    try {
      // Without a site (Shift Details not done) the hole is worked in this report only.
      if (report.shift.siteId) register_(report.shift.siteId, config);
      addHole(config);
      select(config.holeId);
      return null;
    } catch (e) {
      return isModelError(e) ? e.message : 'Could not start the hole.';
    }
  };

  const continueHole = (candidate: HoleCandidate): boolean => {
    try {
      if (!candidate.inReport) addHole(candidate, candidate.start);
      select(candidate.holeId);
      return true;
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: isModelError(e) ? e.message : 'Could not continue the hole.',
      });
      return false;
    }
  };

  const addRunToHole = (input: RunInput): boolean => {
    if (!hole) return false;
    try {
      addRunTo(hole.holeId, input);
      notifications.show({
        color: 'green',
        title: 'Run Added',
        message: 'New run has been saved successfully',
      });
      return true;
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add run' });
      return false;
    }
  };

  return {
    docName,
    report,
    loading,
    hole,
    suggestedHoleId,
    candidates: holeCandidates(report.holes, register, marks, reportId),
    startHole,
    continueHole,
    addRun: addRunToHole,
  };
}
