import type { Db } from 'mongodb';
import { C, type CounterDoc, type RecordingDoc } from '../collections';
import { DC, type ReleaseDoc } from '../datasets/dataset-collections';

export type { RecordingDoc, ReleaseDoc };

/** What the public pages read: recordings and published releases (the demo), the running counts (figures). */
export const publicSiteCollections = (db: Db) => ({
  recordings: db.collection<RecordingDoc>(C.recordings),
  releases: db.collection<ReleaseDoc>(DC.releases),
  counters: db.collection<CounterDoc>(C.counters),
});
