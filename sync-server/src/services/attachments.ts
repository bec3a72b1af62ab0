import { createHash } from 'node:crypto';
import { photosPart } from '@plod/model';
import type { ReportId } from '@plod/model';
import type { Principal } from '../auth/principal.ts';
import { actorName } from '../auth/principal.ts';
import type { AttachmentMeta, AttachmentStore } from '../attachments/attachment-store.ts';
import type { AttachmentType } from '../attachments/image-type.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { reportIdOf } from './documents.ts';
import type { DocumentService } from './documents.ts';
import { checkSiteAccess } from './supervisor-desk.ts';

export interface NewAttachment {
  id: string;
  reportId: ReportId;
  holeId: string | null;
  fromDepth: number | null;
  toDepth: number | null;
  contentType: AttachmentType;
  data: Uint8Array<ArrayBuffer>;
}

const NOT_FOUND = (id: string) => NotFoundError.of('Attachment', id);

/**
 * Photos of a plod, kept outside its document (which names them only). Whoever may read the plod
 * may read its photos (a client account only its own sites'); whoever may change the plod may add
 * and delete them (a crew device not once it is submitted, nobody once approved). The bytes of a
 * photo the plod already names are taken whatever its status: the phone took it while it could
 * change the plod, and uploads it when it next has signal, perhaps after the plod was submitted.
 */
export class AttachmentService {
  constructor(
    private readonly docs: DocumentService,
    private readonly store: AttachmentStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private checkReadable(by: Principal, reportId: ReportId): Promise<void> {
    return this.docs.readReport(reportId, (doc) => checkSiteAccess(by, doc));
  }

  /** Stores an upload; a retry of the same id and bytes answers the stored one (`created` false). */
  async add(
    by: Principal,
    upload: NewAttachment,
  ): Promise<{ attachment: AttachmentMeta; created: boolean }> {
    const named = await this.docs.readReport(upload.reportId, (doc) =>
      photosPart.read(doc).some((photo) => photo.attachmentId === upload.id),
    );
    if (!named) await this.docs.checkWritable(by, upload.reportId);
    const sha256 = createHash('sha256').update(upload.data).digest('hex');
    const existing = await this.store.meta(upload.id);
    const stored =
      existing ??
      (await this.store.put({
        ...upload,
        bytes: upload.data.byteLength,
        sha256,
        createdAt: this.now().toISOString(),
        createdBy: actorName(by),
      }));
    if (stored.sha256 !== sha256 || stored.reportId !== upload.reportId) {
      throw new ConflictError(`Attachment ${upload.id} is already stored with other content`);
    }
    return { attachment: stored, created: existing === null };
  }

  async list(by: Principal, reportId: ReportId): Promise<AttachmentMeta[]> {
    await this.checkReadable(by, reportId);
    return this.store.list(reportId);
  }

  /** The bytes and their type; not found for an unknown id or a plod the asker may not read. */
  async read(by: Principal, id: string) {
    const found = await this.store.get(id);
    if (!found) throw NOT_FOUND(id);
    await this.checkReadable(by, reportIdOf(found.reportId));
    return found;
  }

  async remove(by: Principal, id: string): Promise<void> {
    const found = await this.store.meta(id);
    if (!found) throw NOT_FOUND(id);
    await this.checkReadable(by, reportIdOf(found.reportId));
    await this.docs.checkWritable(by, reportIdOf(found.reportId));
    await this.store.remove(id);
  }
}
