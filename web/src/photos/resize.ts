/** The longest side of a photo as the phone keeps and uploads it: enough to read a core tray. */
export const PHOTO_LONGEST_SIDE = 1600;
/** JPEG quality of a resized photo: about 300-500 KB at 1600 px. */
export const PHOTO_JPEG_QUALITY = 0.8;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a photo is resized to: scaled down (never up) so its longest side is at most
 * `longest`, keeping its proportions, each side whole and at least 1 px.
 */
export function fitWithin(size: Size, longest = PHOTO_LONGEST_SIDE): Size {
  const { width, height } = size;
  if (!(width > 0 && height > 0)) {
    throw new RangeError(`A photo has no size: ${width} x ${height}`);
  }
  const scale = Math.min(1, longest / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A photo as the phone keeps it: a JPEG at most 1600 px on its longest side, and its size. */
export interface ResizedPhoto extends Size {
  blob: Blob;
}

/**
 * Resizes a camera file on the phone (createImageBitmap honours the photo's EXIF orientation),
 * re-encoded as JPEG. Throws when the browser cannot read the file as an image.
 */
export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the photo to resize it');
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY),
    );
    if (!blob) throw new Error('This browser could not encode the photo as JPEG');
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
