import type { ActivityEvent } from '@platform/service-kit';
import type { AudioPairDoc, RecordingDoc } from './store';

/**
 * The speech service's part of the daily activity counts (libs/service-kit/src/activity.ts). Each is counted
 * by the one update that changes the state it describes, so a retried request never counts twice:
 * - `recordings.submitted`: a recording stored (its sentence's language, its seconds), under the speaker;
 * - `recordings.validated` / `recordings.rejected`: the vote that decides a recording, under the speaker,
 *   dated at the decision, with the recording's seconds;
 * - `votes.given`: each Listen vote kept, under the voter, in the recording's language (an undone vote
 *   takes its count back, on the day it was given);
 * - `donations.submitted`, `donations.approved`, `donations.rejected`: a paired voice donation stored and
 *   decided, under the donor, in Yoruba (one count per pair; its seconds are both sides').
 */

/** A donation is an English–Yoruba pair: it counts once, as Yoruba speech. */
export const DONATION_LANGUAGE = 'yo' as const;

export const pairSeconds = (p: Pick<AudioPairDoc, 'sourceDurationMs' | 'targetDurationMs'>) =>
  (p.sourceDurationMs + p.targetDurationMs) / 1000;

export const recordingSubmitted = (
  r: Pick<RecordingDoc, 'speakerId' | 'language' | 'durationSeconds' | 'createdAt'>,
): ActivityEvent => ({
  kind: 'recordings.submitted',
  userId: r.speakerId,
  language: r.language,
  at: r.createdAt,
  seconds: r.durationSeconds,
});

export const recordingDecided = (
  r: Pick<RecordingDoc, 'speakerId' | 'language' | 'durationSeconds' | 'status'>,
  at: Date,
): ActivityEvent[] =>
  r.status === 'undecided'
    ? []
    : [
        {
          kind: r.status === 'validated' ? 'recordings.validated' : 'recordings.rejected',
          userId: r.speakerId,
          language: r.language,
          at,
          seconds: r.durationSeconds,
        },
      ];

export const voteGiven = (
  voterId: string,
  recording: Pick<RecordingDoc, 'language'>,
  at: Date,
  count: 1 | -1 = 1,
): ActivityEvent => ({ kind: 'votes.given', userId: voterId, language: recording.language, at, count });

export const donationSubmitted = (
  p: Pick<AudioPairDoc, 'donorId' | 'createdAt' | 'sourceDurationMs' | 'targetDurationMs'>,
): ActivityEvent => ({
  kind: 'donations.submitted',
  userId: p.donorId,
  language: DONATION_LANGUAGE,
  at: p.createdAt,
  seconds: pairSeconds(p),
});

export const donationDecided = (
  p: Pick<AudioPairDoc, 'donorId' | 'status' | 'sourceDurationMs' | 'targetDurationMs'>,
  at: Date,
): ActivityEvent[] =>
  p.status === 'pending'
    ? []
    : [
        {
          kind: p.status === 'approved' ? 'donations.approved' : 'donations.rejected',
          userId: p.donorId,
          language: DONATION_LANGUAGE,
          at,
          seconds: pairSeconds(p),
        },
      ];
