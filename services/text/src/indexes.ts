import type { CollectionIndexes } from '@platform/service-kit';

/**
 * Indexes of the text database, created at start. Sentences, text pairs, projects and tasks add theirs here
 * as those features land (issues 5 and later).
 */
export const TEXT_INDEXES: CollectionIndexes[] = [];
