import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUDIO_PAIR_FILE_MAX_BYTES,
  AUDIO_PAIR_MAX_SECONDS,
  AUDIO_PAIR_MIN_SECONDS,
  DIALECTS,
  type AudioPairRecord,
  type Dialect,
} from '@platform/contracts';
import { HttpError, isDuplicateKey } from '@platform/service-kit';
import { donationSubmitted } from '../activity/events';
import type { StoredAudio } from '../audio/store';
import type { SpeechStores } from '../stores';
import type { TextPairCopyDoc } from '../text-pairs/store';
import { audioPairPath, toAudioPairRecord, type AudioPairSide } from './record';
import type { AudioPairDoc } from './store';
import type { ObjectId } from 'mongodb';

const TEXT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The Donate screen's own words for a missing or unknown dialect (SPEC §5). */
export const DIALECT_REQUIRED = 'Please select your dialect.';

type DonationStores = Pick<SpeechStores, 'textPairs' | 'audioPairs' | 'audio' | 'counts'>;

/** The approved text pair a person may still donate for: 404 when there is none, 409 when they did already. */
export async function donatablePair(
  stores: DonationStores,
  donorId: string,
  textId: string,
): Promise<TextPairCopyDoc> {
  const found = TEXT_ID.test(textId) ? await stores.textPairs.findApproved(textId) : null;
  if (!found) throw new HttpError(404, 'audio_pair.unknown_text_pair');
  if (await stores.audioPairs.donated(donorId, found._id))
    throw new HttpError(409, 'audio_pair.already_donated');
  return found;
}

export function dialectOf(value: string): Dialect {
  if (!(DIALECTS as readonly string[]).includes(value)) {
    throw new HttpError(400, 'validation.failed', DIALECT_REQUIRED);
  }
  return value as Dialect;
}

/** What the probe found, as the refusal the Donate screen shows; null when the side is fine. */
export function audioRefusal(stored: StoredAudio): HttpError | null {
  const probe = stored.probe;
  if (!probe.ok) {
    if (probe.reason === 'too-large') return new HttpError(413, 'audio_pair.too_large');
    return new HttpError(415, 'audio_pair.not_wav');
  }
  if (probe.container !== 'wav') return new HttpError(415, 'audio_pair.not_wav');
  if (probe.durationSeconds < AUDIO_PAIR_MIN_SECONDS || probe.durationSeconds > AUDIO_PAIR_MAX_SECONDS) {
    return new HttpError(422, 'audio_pair.bad_duration');
  }
  if (probe.silent) return new HttpError(422, 'audio_pair.silent');
  return null;
}

/**
 * Streams one side of a donation into GridFS while the probe measures it (at most a side's limit), under
 * the name it is played by. The caller refuses it by `audioRefusal` and removes what it refuses.
 */
export const storeSide = (
  stores: DonationStores,
  bytes: Readable,
  side: { audioId: ObjectId; side: AudioPairSide; donorId: string },
): Promise<StoredAudio> =>
  stores.audio.store(bytes, {
    maxBytes: AUDIO_PAIR_FILE_MAX_BYTES,
    filename: audioPairPath(side.audioId.toHexString(), side.side),
    metadata: { audioPairId: side.audioId, side: side.side, donorId: side.donorId },
  });

/** Removes the sides stored for a donation that is refused. */
export async function removeSides(
  stores: DonationStores,
  sides: Partial<Record<AudioPairSide, StoredAudio>>,
) {
  await Promise.all(Object.values(sides).map((f) => stores.audio.delete(f.fileId)));
}

const durationMs = (stored: StoredAudio) =>
  stored.probe.ok ? Math.round(stored.probe.durationSeconds * 1000) : 0;

/**
 * Keeps a donation whose two sides are stored and checked: the pair, its counts and the donor's activity.
 * Two donations of one pair by one person racing past `donatablePair` meet the unique index: the second is
 * 409, and its sides are removed.
 */
export async function saveDonation(
  stores: DonationStores,
  context: { secret: string; log: FastifyBaseLogger },
  donation: {
    audioId: ObjectId;
    donorId: string;
    pair: TextPairCopyDoc;
    dialect: Dialect;
    source: StoredAudio;
    target: StoredAudio;
  },
): Promise<AudioPairRecord> {
  const { audioId, donorId, pair, dialect, source, target } = donation;
  const doc: AudioPairDoc = {
    _id: audioId,
    textId: pair._id,
    sourceText: pair.source_lang_text,
    targetText: pair.target_lang_text,
    category: pair.text_category,
    dialect,
    donorId,
    sourceFileId: source.fileId,
    targetFileId: target.fileId,
    sourceBytes: source.bytes,
    targetBytes: target.bytes,
    sourceDurationMs: durationMs(source),
    targetDurationMs: durationMs(target),
    status: 'pending',
    createdAt: new Date(),
  };
  try {
    await stores.audioPairs.insert(doc);
  } catch (err) {
    await removeSides(stores, { source, target });
    if (isDuplicateKey(err)) throw new HttpError(409, 'audio_pair.already_donated');
    throw err;
  }
  await Promise.all([
    stores.textPairs.countDonation(pair._id),
    stores.counts.activity(context.log, [donationSubmitted(doc)]),
  ]);
  return toAudioPairRecord(doc, context.secret);
}
