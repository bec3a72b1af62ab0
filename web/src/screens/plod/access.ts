import { isReportReadOnly, isSubmittedStatus, type ReportStatus } from '@plod/model';
import { useAuth } from '../../auth';

/** Who is changing a plod on this device: a crew phone, or a supervisor signed in. */
export type Editor = 'crew' | 'supervisor';

/**
 * Whether this device may change a plod in `status`. A crew phone fills in active plods and those
 * returned for a fix; once completed (until reopened), submitted, approved or deleted it only shows
 * them (the relay keeps a crew phone's edits to a submitted plod aside, so offering them would
 * pretend). A supervisor may correct a plod until it is approved, and not a deleted one.
 */
export function canEditPlod(status: ReportStatus, editor: Editor): boolean {
  if (editor === 'supervisor') return status !== 'approved' && status !== 'deleted';
  return !isReportReadOnly(status);
}

/** Crew phones may delete plods that are not with management yet; supervisors any but approved. */
export function canDeletePlod(status: ReportStatus, editor: Editor): boolean {
  if (status === 'deleted' || status === 'approved') return false;
  return editor === 'supervisor' || !isSubmittedStatus(status);
}

/** This device's editor: a signed-in supervisor's session speaks for it, else it is a crew phone. */
export function useEditor(): Editor {
  return useAuth().kind === 'supervisor' ? 'supervisor' : 'crew';
}
