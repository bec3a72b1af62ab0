import type { Actor } from '../auth/principal.ts';
import {
  assignCrewMember,
  readCrewMembers,
  removeCrewAssignment,
  setPrimaryDriller,
  updateCrewAssignment,
} from '@plod/model';
import type {
  AssignmentId,
  CrewAssignmentDraft,
  CrewAssignmentUpdateDraft,
  ReportId,
} from '@plod/model';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import type { ReportService } from './reports.ts';
import { requireKnown } from './references.ts';

/** Crew assignments of a report (the primary driller is one register in the document). */
export class CrewService {
  constructor(
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
  ) {}

  async ofReport(by: Actor, reportId: ReportId) {
    return (await this.reports.bundle(by, reportId)).crewAssignments;
  }

  async assign(by: Actor, reportId: ReportId, input: CrewAssignmentDraft) {
    const members = await this.docs.readSetup(readCrewMembers);
    requireKnown('crew member', input.crewMemberId, members);
    const id = await this.docs.writeReport(by, reportId, (doc) => assignCrewMember(doc, input));
    return this.one(by, reportId, id);
  }

  async update(by: Actor, reportId: ReportId, id: string, patch: CrewAssignmentUpdateDraft) {
    await this.docs.writeReport(by, reportId, (doc) =>
      updateCrewAssignment(doc, id as AssignmentId, patch),
    );
    return this.one(by, reportId, id);
  }

  async setPrimary(by: Actor, reportId: ReportId, id: string) {
    await this.docs.writeReport(by, reportId, (doc) => setPrimaryDriller(doc, id as AssignmentId));
    return this.one(by, reportId, id);
  }

  async remove(by: Actor, reportId: ReportId, id: string) {
    const removed = await this.docs.writeReport(by, reportId, (doc) =>
      removeCrewAssignment(doc, id as AssignmentId),
    );
    if (!removed) throw NotFoundError.of('Crew assignment', id);
    return { message: 'Crew assignment deleted', id };
  }

  private async one(by: Actor, reportId: ReportId, id: string) {
    const found = (await this.ofReport(by, reportId)).find((a) => a.id === id);
    if (!found) throw NotFoundError.of('Crew assignment', id);
    return found;
  }
}
