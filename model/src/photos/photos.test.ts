import { describe, expect, it } from 'vitest';
import { bundleToCsv } from '../csv/bundle-csv.ts';
import { sectionRows } from '../csv/test/bundles.ts';
import { toBundle } from '../report-doc/to-bundle.ts';
import { describeHistory } from '../history-view/describe.ts';
import { readHistory } from '../history/read.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import { addPhoto, readPhotos, removePhoto, updatePhoto } from './photos-part.ts';
import { PHOTO_DEPTHS_ORDER, photoInputSchema, photoLabel } from './photos.ts';

const ATTACHMENT = '01936B2C-0000-7000-8000-00000000A001';
const taken = {
  attachmentId: ATTACHMENT,
  holeId: 'DH001',
  fromDepth: 12.5,
  toDepth: 15,
  caption: 'Tray 3',
  contentType: 'image/jpeg',
  bytes: 412_345,
  width: 1600,
  height: 1200,
  takenAt: '2025-03-01T09:15:00.000Z',
} as const;

describe('photos of a plod (references only)', () => {
  it('keeps the reference the phone adds, its upload id in lower case', () => {
    const doc = newReportDoc();
    const id = addPhoto(doc, taken);
    expect(readPhotos(doc)).toEqual([
      expect.objectContaining({ ...taken, id, attachmentId: ATTACHMENT.toLowerCase() }),
    ]);
  });

  it('leaves a hole, depths and caption blank when not given', () => {
    const parsed = photoInputSchema.parse({
      attachmentId: ATTACHMENT,
      contentType: 'image/webp',
      bytes: 10,
      width: 4,
      height: 3,
    });
    expect(parsed).toMatchObject({ holeId: null, fromDepth: null, toDepth: null, caption: null });
  });

  it('refuses a To depth above its From depth, as added and as changed', () => {
    const added = photoInputSchema.safeParse({ ...taken, fromDepth: 20, toDepth: 10 });
    expect(added.error?.issues[0]?.message).toBe(PHOTO_DEPTHS_ORDER);
    const doc = newReportDoc();
    const id = addPhoto(doc, taken);
    expect(() => updatePhoto(doc, id, { fromDepth: 30 })).toThrow(PHOTO_DEPTHS_ORDER);
    expect(readPhotos(doc)[0]?.fromDepth).toBe(12.5);
  });

  it('refuses a reference without an upload id or an image type', () => {
    expect(photoInputSchema.safeParse({ ...taken, attachmentId: 'x' }).success).toBe(false);
    expect(photoInputSchema.safeParse({ ...taken, contentType: 'text/plain' }).success).toBe(false);
  });

  it('records adding, changing and deleting a photo in the history', () => {
    const doc = newReportDoc();
    const from = readHistory(doc).length;
    const id = addPhoto(doc, taken);
    updatePhoto(doc, id, { caption: 'Tray 3, broken ground' });
    expect(removePhoto(doc, id)).toBe(true);
    const entries = readHistory(doc).slice(from);
    expect(entries.map((e) => [e.section, e.entryId, e.field, e.kind])).toEqual([
      ['photos', id, null, 'add'],
      ['photos', id, 'caption', 'change'],
      ['photos', id, null, 'remove'],
    ]);
    expect(describeHistory(entries).map((d) => d.group)).toEqual(['Photos', 'Photos', 'Photos']);
    expect(readPhotos(doc)).toEqual([]);
  });

  it('writes a PHOTOS section after HIRE TOOLS USAGE in the CSV: ids and metadata only', () => {
    const doc = newReportDoc();
    const id = addPhoto(doc, taken);
    const csv = bundleToCsv(toBundle(readReport(doc)));
    expect(sectionRows(csv, 'PHOTOS')).toEqual([
      {
        id,
        attachmentId: ATTACHMENT.toLowerCase(),
        holeId: 'DH001',
        fromDepth: '12.5',
        toDepth: '15',
        caption: 'Tray 3',
        contentType: 'image/jpeg',
        bytes: '412345',
        width: '1600',
        height: '1200',
        takenAt: '2025-03-01T09:15:00.000Z',
      },
    ]);
  });
});

describe('photoLabel (a photo in words, on the phone, the report view and the PDF)', () => {
  const none = { holeId: null, fromDepth: null, toDepth: null, caption: null };
  it('names the hole, the depths and the caption', () => {
    expect(photoLabel({ holeId: 'DH001', fromDepth: 12.5, toDepth: 15, caption: 'Tray 3' })).toBe(
      'DH001 12.5–15.0 m · Tray 3',
    );
    expect(photoLabel({ ...none, fromDepth: 40 })).toBe('from 40.0 m');
    expect(photoLabel({ ...none, caption: 'Broken ground' })).toBe('Broken ground');
    expect(photoLabel(none)).toBe('Core photo');
  });
});
