import { readApiError, type AppDispatch } from '@platform/store';
import { resumableUpload, type UploadProgress } from '@platform/remote-kit/upload';
import { donateApi } from '../api/donateApi';
import { classifyFailure } from '../queue/sendResult';
import { audioBlob, type Contribution } from '../queue/types';

type Donation = Extract<Contribution, { kind: 'donation' }>;

/**
 * A donation whose two WAVs weigh more than this goes up as two resumable uploads: on a connection that
 * drops, a multipart POST of several MB starts again from zero on every try, and may never get through.
 */
export const RESUMABLE_DONATION_BYTES = 1024 * 1024;

export const isResumableDonation = (donation: Donation) =>
  donation.english.bytes.byteLength + donation.yoruba.bytes.byteLength > RESUMABLE_DONATION_BYTES;

/**
 * The uploads a queued donation has begun, by the queue item's id. Kept apart from the queue's own store
 * (in localStorage, a few ids) so that a reload resumes them, and so that a retry after a lost answer names
 * the same uploads again: the donation's Idempotency-Key then replays the first answer instead of refusing
 * a body that changed.
 */
interface BegunUploads {
  english?: string;
  yoruba?: string;
  /** Both uploads finished: only the donation itself is left to ask for. */
  complete?: boolean;
}

const KEY_PREFIX = 'platform:donation-uploads:';

function readBegun(itemId: string): BegunUploads {
  try {
    const raw = globalThis.localStorage?.getItem(KEY_PREFIX + itemId);
    return raw ? (JSON.parse(raw) as BegunUploads) : {};
  } catch {
    return {};
  }
}

function writeBegun(itemId: string, begun: BegunUploads) {
  try {
    globalThis.localStorage?.setItem(KEY_PREFIX + itemId, JSON.stringify(begun));
  } catch {
    // Storage full or refused: the upload still goes, it would only begin again after a reload.
  }
}

function forgetBegun(itemId: string) {
  try {
    globalThis.localStorage?.removeItem(KEY_PREFIX + itemId);
  } catch {
    // Nothing to do: a few stray bytes.
  }
}

/**
 * Sends a queued donation as two resumable uploads (English, then Yoruba) and then asks for the donation
 * from them (POST /api/audio/from-uploads) with the item's id as its Idempotency-Key. `onProgress` follows
 * the bytes of both files together. Rejects as the queue's calls do (readApiError reads the error).
 */
export async function sendResumableDonation(
  dispatch: AppDispatch,
  itemId: string,
  donation: Donation,
  onProgress: (progress: UploadProgress) => void,
): Promise<unknown> {
  const files = { english: audioBlob(donation.english), yoruba: audioBlob(donation.yoruba) };
  const total = files.english.size + files.yoruba.size;
  let begun = readBegun(itemId);

  const ask = async (ids: { english: string; yoruba: string }) => {
    try {
      const answer = await dispatch(
        donateApi.endpoints.submitAudioPairFromUploads.initiate(
          {
            text_id: donation.textId,
            user_dialect: donation.dialect,
            source_upload_id: ids.english,
            target_upload_id: ids.yoruba,
            idempotencyKey: itemId,
          },
          { track: false },
        ),
      ).unwrap();
      forgetBegun(itemId);
      return answer;
    } catch (error) {
      // Refused for its content: the person records the pair again, under a new item.
      if (classifyFailure(readApiError(error)).kind === 'refused') forgetBegun(itemId);
      throw error;
    }
  };

  if (begun.complete && begun.english && begun.yoruba) {
    try {
      return await ask({ english: begun.english, yoruba: begun.yoruba });
    } catch (error) {
      // The uploads were removed (left a day, or used by a donation whose key has since lapsed): send again.
      if (readApiError(error).code !== 'upload.not_found') throw error;
      begun = {};
      writeBegun(itemId, begun);
    }
  }

  const ids: Partial<Record<'english' | 'yoruba', string>> = {};
  let before = 0;
  for (const side of ['english', 'yoruba'] as const) {
    const file = files[side];
    const offset = before;
    const { id } = await resumableUpload(file, 'audio-pair-file', {
      contentType: file.type || 'audio/wav',
      ...(begun[side] ? { uploadId: begun[side] } : {}),
      onBegun: (newId) => {
        begun = { ...begun, [side]: newId };
        writeBegun(itemId, begun);
      },
      onProgress: ({ loaded }) => onProgress({ loaded: offset + loaded, total }),
    });
    ids[side] = id;
    before += file.size;
  }
  const done = { english: ids.english!, yoruba: ids.yoruba! };
  begun = { ...done, complete: true };
  writeBegun(itemId, begun);
  return ask(done);
}
