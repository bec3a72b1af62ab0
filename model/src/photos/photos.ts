import { z } from 'zod';
import type { Brand } from '../ids/ids.ts';
import { isUuid, uuidKind } from '../ids/ids.ts';
import { formatDepth } from '../format/format.ts';
import { optionalNumericField, optionalText } from '../format/numbers.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type PhotoId = Brand<string, 'PhotoId'>;
export const PhotoIds = uuidKind<PhotoId>('PhotoId');

/** The image types a photo may be (the server refuses others). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_DEPTHS_ORDER = 'The photo’s To depth must not be less than its From depth';

/**
 * A core tray photo of a plod: the document holds only this reference; the bytes stay on the phone
 * until uploaded, then on the server under `attachmentId` (`/api/attachments/{attachmentId}`).
 */
export interface Photo {
  id: PhotoId;
  attachmentId: string;
  holeId: string | null;
  fromDepth: number | null;
  toDepth: number | null;
  caption: string | null;
  contentType: PhotoType;
  bytes: number;
  width: number;
  height: number;
  takenAt: string | null;
  createdAt: string | null;
}

const depthField = optionalNumericField({ min: 0, max: 10_000 });
const pixels = z.number().int().min(1).max(100_000);

/** A photo's depths, when both are given, run down the hole. */
export const photoDepthsInOrder = (p: { fromDepth?: number | null; toDepth?: number | null }) =>
  p.fromDepth === null ||
  p.fromDepth === undefined ||
  p.toDepth === null ||
  p.toDepth === undefined ||
  p.toDepth >= p.fromDepth;

export const photoInputSchema = z
  .object({
    attachmentId: z
      .string()
      .refine(isUuid, 'attachmentId must be the photo’s upload id (a UUID)')
      .transform((v) => v.toLowerCase()),
    holeId: optionalText,
    fromDepth: depthField,
    toDepth: depthField,
    caption: optionalText,
    contentType: z.enum(PHOTO_TYPES),
    bytes: z.number().int().min(1),
    width: pixels,
    height: pixels,
    takenAt: optionalText,
  })
  .refine(photoDepthsInOrder, { message: PHOTO_DEPTHS_ORDER, path: ['toDepth'] });
export type PhotoInput = z.input<typeof photoInputSchema>;

/** What may change of a photo after it is taken: where it belongs, and its caption. */
export const photoPatchSchema = z.object({
  holeId: optionalText.optional(),
  fromDepth: depthField.optional(),
  toDepth: depthField.optional(),
  caption: optionalText.optional(),
});
export type PhotoPatch = z.input<typeof photoPatchSchema>;

/**
 * What a photo shows, in words: its hole and depths, then its caption ("DH001 12.5-15.0 m · Tray 3");
 * "Core photo" when it names neither. The phone's list, the report view and the PDF say the same.
 */
export function photoLabel(p: Pick<Photo, 'holeId' | 'fromDepth' | 'toDepth' | 'caption'>): string {
  const depths =
    p.fromDepth !== null && p.toDepth !== null
      ? `${formatDepth(p.fromDepth)}–${formatDepth(p.toDepth)} m`
      : p.fromDepth !== null
        ? `from ${formatDepth(p.fromDepth)} m`
        : p.toDepth !== null
          ? `to ${formatDepth(p.toDepth)} m`
          : null;
  const where = [p.holeId, depths].filter((part): part is string => part !== null).join(' ');
  const parts = [where, p.caption ?? ''].filter((part) => part !== '');
  return parts.length === 0 ? 'Core photo' : parts.join(' · ');
}
