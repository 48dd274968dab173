import type { Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode, RecordingStatus } from '@platform/contracts';
import { idempotencyStore, type ActivityEvent } from '@platform/service-kit';
import { countActivity } from './activity/count';
import { activityStore } from './activity/store';
import { analyticsStore } from './analytics/store';
import { countDecision, countReport } from './analytics/quality-counts';
import { audioStore } from './audio/store';
import { audioPairStore } from './audio-pairs/store';
import { datasetStore } from './datasets/store';
import { pickDemoClip, publishedRecording } from './public-site/demo';
import { publicSiteStore } from './public-site/store';
import { recordingStore } from './recordings/store';
import { resumableUploadStore } from './resumable-uploads/store';
import { sentenceStore } from './sentences/store';
import { syncStore } from './sync/store';
import { textPairStore } from './text-pairs/store';
import { userStore } from './user/store';

/**
 * Every store of the speech service, built once per app from its database; route modules get them through
 * their context (the only way a route reaches the database), the background jobs from app.ts.
 */
export function speechStores(db: Db) {
  return {
    sentences: sentenceStore(db),
    recordings: recordingStore(db),
    audio: audioStore(db),
    audioPairs: audioPairStore(db),
    resumableUploads: resumableUploadStore(db),
    textPairs: textPairStore(db),
    users: userStore(db),
    datasets: datasetStore(db),
    sync: syncStore(db),
    publicSite: publicSiteStore(db),
    analytics: analyticsStore(db),
    activity: activityStore(db),
    /** The Idempotency-Keys of contributions sent from a phone's queue (served by service-kit). */
    idempotency: idempotencyStore(db),
    /** The live activity counts and Listen's daily quality figures, as the routes that change them count. */
    counts: {
      activity: (log: FastifyBaseLogger, events: readonly ActivityEvent[]) => countActivity(db, log, events),
      decision: (recording: { status: RecordingStatus; yes: number; no: number }, at: Date) =>
        countDecision(db, recording, at),
      report: (reason: string, at: Date) => countReport(db, reason, at),
    },
    /** The landing page's demo: a clip a published release carries, and its audio. */
    demo: {
      pickClip: (language?: LanguageCode) => pickDemoClip(db, language),
      publishedRecording: (id: string) => publishedRecording(db, id),
    },
  };
}

export type SpeechStores = ReturnType<typeof speechStores>;
