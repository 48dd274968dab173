import { withTagTypes } from '@platform/store';

/**
 * The page's one API with this remote's own cache tags, added when the remote loads; every endpoint of the
 * remote is injected into it. The tags it shares with other parts of the page (the session, the person's
 * figures, projects and tasks, datasets, audio pairs) are @platform/store's sharedTagTypes.
 */
export const remoteApi = withTagTypes(['Sentence', 'Recording']);
