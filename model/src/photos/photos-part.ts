import { z } from 'zod';
import { depth, strictName, strictNumber } from '../strict/strict.ts';
import { lenient } from '../docs/lenient.ts';
import { ModelError } from '../errors/errors.ts';
import type { Photo, PhotoId } from './photos.ts';
import {
  PHOTO_DEPTHS_ORDER,
  PHOTO_TYPES,
  PhotoIds,
  photoDepthsInOrder,
  photoInputSchema,
  photoPatchSchema,
} from './photos.ts';
import { round } from '../part-kit/change-lines.ts';
import { numberColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';

const storedSchema = z.object({
  attachmentId: lenient(z.string(), ''),
  holeId: lenient(z.string().nullable(), null),
  fromDepth: lenient(z.number().nullable(), null),
  toDepth: lenient(z.number().nullable(), null),
  caption: lenient(z.string().nullable(), null),
  contentType: lenient(z.enum(PHOTO_TYPES), 'image/jpeg'),
  bytes: lenient(z.number(), 0),
  width: lenient(z.number(), 0),
  height: lenient(z.number(), 0),
  takenAt: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

/** A photo in a change line: its caption, hole and top depth. */
const photoWords = (p: Photo) =>
  [p.caption ?? 'photo', p.holeId, p.fromDepth === null ? null : `from ${round(p.fromDepth)} m`]
    .filter((part) => part !== null)
    .join(', ');

/** A photo's reference (its bytes: GET /api/attachments/{attachmentId}). */
export interface BundlePhoto {
  id: string;
  attachmentId: string;
  holeId: string | null;
  fromDepth: number | null;
  toDepth: number | null;
  caption: string | null;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  takenAt: string | null;
}

/** Core tray photos of a shift (references only; the bytes are attachments): the part's descriptor. */
export const photosPart = definePart(
  {
    root: 'photos',
    what: 'Photo',
    undoNoun: 'photo',
    history: {
      group: 'Photos',
      fields: {
        holeId: { label: 'Hole' },
        fromDepth: { label: 'From', unit: 'm' },
        toDepth: { label: 'To', unit: 'm' },
      },
      entryName: (text) => `photo${text('caption') ? `: ${text('caption')}` : ''}`,
    },
    bundleList: 'photos',
    csvSection: 'PHOTOS',
    rest: {
      path: 'photos',
      tag: 'Photos',
      rules: {
        holeId: strictName.nullish(),
        fromDepth: depth.nullish(),
        toDepth: depth.nullish(),
        caption: strictName.nullish(),
        bytes: strictNumber({ min: 1, max: Number.MAX_SAFE_INTEGER, int: true }).nullish(),
        width: strictNumber({ min: 1, max: 100_000, int: true }).nullish(),
        height: strictNumber({ min: 1, max: 100_000, int: true }).nullish(),
      },
    },
    lateEditPart: 'photos',
    title: 'Photos',
    sectionName: 'photos',
  },
  {
    newId: () => PhotoIds.create(),
    read: (id: PhotoId, raw): Photo => ({ id, ...storedSchema.parse(raw) }),
    inputSchema: photoInputSchema,
    patchSchema: photoPatchSchema,
    check: (merged) => {
      if (!photoDepthsInOrder(merged)) throw new ModelError('invalid-input', PHOTO_DEPTHS_ORDER);
    },
    // The row as read, without when it was stored.
    bundleRow: ({ createdAt: _stored, ...row }: Photo): BundlePhoto => row,
    csvColumns: [
      textColumn('id'),
      textColumn('attachmentId'),
      textColumn('holeId'),
      numberColumn('fromDepth'),
      numberColumn('toDepth'),
      textColumn('caption'),
      textColumn('contentType'),
      numberColumn('bytes'),
      numberColumn('width'),
      numberColumn('height'),
      textColumn('takenAt'),
    ],
  },
  {
    // The report sheet shows photos as thumbnails with their labels, not as a table.
    sheet: null,
    changes: {
      added: 'Photo added',
      removed: 'Photo deleted',
      row: photoWords,
      fields: ['caption', 'holeId', 'fromDepth', 'toDepth'],
      prefix: (was: Photo) => `Photo ${photoWords(was)}: `,
    },
    totals: () => ({}),
  },
);

/** Add a photo's reference (its bytes are uploaded separately under its attachmentId). */
export const addPhoto = photosPart.add;
/** Change where a photo belongs, or its caption. */
export const updatePhoto = photosPart.update;
/** Delete a photo (the history records it). */
export const removePhoto = photosPart.remove;
/** The photos of a plod. */
export const readPhotos = photosPart.read;
