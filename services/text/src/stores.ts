import type { Db } from 'mongodb';
import { analyticsStore } from './analytics/store';
import { notificationStore } from './notifications/store';
import { personData } from './people/person-data';
import { projectStore } from './projects/store';
import { publicSiteStore } from './public-site/store';
import { reviewStore } from './review/store';
import { sentenceStore, SequenceWriter } from './sentences/store';
import { taskStore } from './tasks/store';
import { PairSequenceWriter } from './text-pairs/pair-sequence';
import { pairStore } from './text-pairs/store';
import { uploadStore } from './uploads/store';

/**
 * Every store of the text service, built once per app from its database. The change sequences live here
 * too: each must be the only one handing out numbers in its process (see SequenceWriter).
 */
export function textStores(db: Db) {
  const sequences = { sentences: new SequenceWriter(db), pairs: new PairSequenceWriter(db) };
  const stores = {
    sentences: sentenceStore(db, sequences.sentences),
    pairs: pairStore(db, sequences.pairs),
    uploads: uploadStore(db),
    projects: projectStore(db),
    tasks: taskStore(db),
    notifications: notificationStore(db),
    review: reviewStore(db, sequences),
    analytics: analyticsStore(db),
    publicSite: publicSiteStore(db),
  };
  return { sequences, ...stores, people: personData(db, stores) };
}

export type TextStores = ReturnType<typeof textStores>;
