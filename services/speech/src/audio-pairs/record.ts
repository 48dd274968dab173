import { createHmac } from 'node:crypto';
import type { AudioPairFileField, AudioPairRecord } from '@platform/contracts';
import type { AudioPairDoc } from './store';

/**
 * A short pseudonymous id for a person: the first 8 hex digits of an HMAC of their user id with the
 * service's secret. Stable for one person, unguessable from the outside, never a name or an e-mail.
 */
export const pseudonym = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`audio-pair-donor:${userId}`).digest('hex').slice(0, 8);

export type AudioPairSide = 'source' | 'target';
export const SIDE_OF_FIELD: Record<AudioPairFileField, AudioPairSide> = {
  source_audio_file: 'source',
  target_audio_file: 'target',
};

/** The stored path of one side (SPEC §7): played from `/audio/` plus the path after its `audio/` segment. */
export const audioPairPath = (audioId: string, side: AudioPairSide) => `audio/pairs/${audioId}-${side}.wav`;

/** An audio pair as a reply: pseudonymous ids only. */
export function toAudioPairRecord(doc: AudioPairDoc, secret: string): AudioPairRecord {
  const audioId = doc._id.toHexString();
  return {
    audio_id: audioId,
    user_id: pseudonym(secret, doc.donorId),
    user_dialect: doc.dialect,
    status: doc.status,
    text_id: doc.textId,
    source_lang_text: doc.sourceText,
    target_lang_text: doc.targetText,
    text_category: doc.category,
    source_lang_audio: audioPairPath(audioId, 'source'),
    target_lang_audio: audioPairPath(audioId, 'target'),
    source_duration_ms: doc.sourceDurationMs,
    target_duration_ms: doc.targetDurationMs,
    created_at: doc.createdAt.toISOString(),
    ...(doc.decision
      ? {
          decision: {
            by: pseudonym(secret, doc.decision.byId),
            at: doc.decision.at.toISOString(),
            ...(doc.decision.reason ? { reason: doc.decision.reason } : {}),
          },
        }
      : {}),
  };
}
