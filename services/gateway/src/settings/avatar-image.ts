import sharp from 'sharp';
import { AVATAR_MAX_INPUT_SIDE_PX, AVATAR_SIZE_PX } from '@platform/contracts';

/** The image formats an avatar may come in, told by their first bytes (never the declared type or name). */
export type AvatarFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the bytes are in, or null when they are not one of the accepted images. */
export function sniffImage(bytes: Buffer): AvatarFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The pixels of the largest image taken: the decoder itself refuses more, whatever the header said. */
export const AVATAR_MAX_INPUT_PIXELS = AVATAR_MAX_INPUT_SIDE_PX * AVATAR_MAX_INPUT_SIDE_PX;

/** The image is wider or taller than AVATAR_MAX_INPUT_SIDE_PX. */
export class AvatarTooLargeError extends Error {
  constructor() {
    super(`The image is more than ${AVATAR_MAX_INPUT_SIDE_PX} pixels wide or tall.`);
  }
}

/**
 * The stored avatar: AVATAR_SIZE_PX square, cropped to cover from the centre, turned upright by its EXIF
 * orientation, metadata dropped, WebP. A small file can claim a vast image, whose decoding would cost
 * hundreds of MB and seconds of CPU: its size is read from its header first (nothing decoded) and an image
 * past AVATAR_MAX_INPUT_SIDE_PX either way throws AvatarTooLargeError. Throws sharp's error when the bytes
 * only look like an image.
 */
export async function toAvatar(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes, { failOn: 'error' }).metadata();
  if (width > AVATAR_MAX_INPUT_SIDE_PX || height > AVATAR_MAX_INPUT_SIDE_PX) throw new AvatarTooLargeError();
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    // A header that understated the image: the decoder's own limit caught it.
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AvatarTooLargeError();
    throw err;
  }
}
