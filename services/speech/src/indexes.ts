import type { CollectionIndexes } from '@platform/service-kit';

/**
 * Indexes of the speech database, created at start. Recordings, votes, audio pairs and GridFS buckets add theirs here
 * as those features land (issue 5 and later).
 */
export const SPEECH_INDEXES: CollectionIndexes[] = [];
