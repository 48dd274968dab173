import {
  RESUMABLE_UPLOAD_PUT_MAX_BYTES,
  type ErrorCode,
  type ResumableUploadPurpose,
  type ResumableUploadState,
} from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import type { ResumableUploadDoc, ResumableUploadStore } from './store';

/** A purpose's file past its limit is refused with the words its whole-file upload uses. */
export const TOO_LARGE: Record<ResumableUploadPurpose, ErrorCode> = {
  'audio-pair-file': 'audio_pair.too_large',
};

export const stateOf = (doc: ResumableUploadDoc): ResumableUploadState => ({
  id: doc._id.toHexString(),
  purpose: doc.purpose,
  size: doc.size,
  received: doc.received,
  complete: doc.received === doc.size,
  chunkBytes: doc.chunkBytes,
  maxPutBytes: RESUMABLE_UPLOAD_PUT_MAX_BYTES,
});

/** Bytes `start` to `end` (both included) of a file of `size` bytes. */
export interface ByteRange {
  start: number;
  end: number;
  size: number;
}

const RANGE = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/;
const badRange = (why: string) => new HttpError(400, 'validation.failed', `Content-Range: ${why}`);
const offsetMismatch = (received: number) =>
  new HttpError(409, 'upload.offset_mismatch', undefined, { received });

/**
 * Where a PUT's bytes go, read from its Content-Range and checked against the upload before any byte is
 * read: they must start where the server's bytes end (409 with `received` otherwise, so the client can go on
 * from there), be at most one PUT's worth, and end on a piece boundary or at the end of the file.
 */
export function rangeOf(
  headers: { 'content-range'?: string; 'content-length'?: string },
  upload: ResumableUploadDoc,
): ByteRange {
  const match = RANGE.exec(headers['content-range']?.trim() ?? '');
  if (!match) throw badRange('send the place of the bytes as "bytes start-end/size".');
  const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (size !== upload.size) throw badRange(`this upload is ${upload.size} bytes, not ${size}.`);
  if (end < start || end >= size) throw badRange(`bytes ${start}-${end} are not within the file.`);
  if (start !== upload.received) throw offsetMismatch(upload.received);
  const length = end - start + 1;
  if (length > RESUMABLE_UPLOAD_PUT_MAX_BYTES) {
    throw new HttpError(
      413,
      'request.too_large',
      `One PUT may carry at most ${RESUMABLE_UPLOAD_PUT_MAX_BYTES} bytes of an upload.`,
    );
  }
  if ((end + 1) % upload.chunkBytes !== 0 && end + 1 !== size) {
    throw badRange(`bytes must end on a multiple of ${upload.chunkBytes}, or at the end of the file.`);
  }
  const declared = headers['content-length'];
  if (declared === undefined) {
    throw new HttpError(411, 'storage.length_required');
  }
  if (Number(declared) !== length) {
    throw badRange(`the range holds ${length} bytes, the body ${declared}.`);
  }
  return { start, end, size };
}

/** The request's body stopped before its end: whole pieces stay, the rest of the range is to be sent again. */
class BodyCutOff extends Error {}

/**
 * Reads a PUT's bytes into the upload, one piece at a time: each piece is written once all of its bytes have
 * arrived and only then counted, so a body cut off mid-piece leaves the upload at the end of its last whole
 * piece. At most one piece (and what the network handed over beyond it) is held in memory. The last piece of
 * a file announced with its SHA-256 is checked first: a file that does not match is dropped whole (422),
 * since some of its bytes are wrong and nobody can tell which.
 */
export async function receivePieces(options: {
  store: ResumableUploadStore;
  upload: ResumableUploadDoc;
  range: ByteRange;
  body: AsyncIterable<Buffer>;
  now: () => Date;
}): Promise<number> {
  const { store, upload, range, now } = options;
  const pieceBytes = upload.chunkBytes;
  let offset = range.start;
  let held: Buffer[] = [];
  let heldBytes = 0;

  const keep = async (piece: Buffer) => {
    const n = offset / pieceBytes;
    const to = offset + piece.length;
    await store.writePiece(upload, n, piece);
    if (to === upload.size && upload.sha256 && (await store.sha256Of(upload._id)) !== upload.sha256) {
      await store.restart(upload, now());
      throw new HttpError(422, 'upload.checksum_mismatch', undefined, { received: 0 });
    }
    if (!(await store.advance(upload, n, offset, to, now()))) {
      throw offsetMismatch((await store.find(upload._id.toHexString(), upload.ownerId))?.received ?? 0);
    }
    offset = to;
  };

  const iterator = options.body[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await iterator.next();
    } catch {
      throw new BodyCutOff();
    }
    if (next.done) break;
    held.push(next.value);
    heldBytes += next.value.length;
    while (heldBytes >= pieceBytes) {
      const all = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
      held = heldBytes > pieceBytes ? [all.subarray(pieceBytes)] : [];
      heldBytes -= pieceBytes;
      await keep(Buffer.from(all.subarray(0, pieceBytes)));
    }
  }
  if (heldBytes > 0) {
    if (offset + heldBytes !== upload.size) throw new BodyCutOff();
    await keep(Buffer.concat(held, heldBytes));
  }
  if (offset !== range.end + 1) throw new BodyCutOff();
  return offset;
}

export const isBodyCutOff = (error: unknown) => error instanceof BodyCutOff;
