import type { Db } from 'mongodb';
import { COUNTERS, type CounterDoc } from '../audio-pairs/store';
import { DC, type ReleaseDoc } from '../datasets/store';
import { RECORDINGS, type RecordingDoc } from '../recordings/store';

export type { RecordingDoc, ReleaseDoc };

/** What the public pages read: recordings and published releases (the demo), the running counts (figures). */
export const publicSiteCollections = (db: Db) => ({
  recordings: db.collection<RecordingDoc>(RECORDINGS),
  releases: db.collection<ReleaseDoc>(DC.releases),
  counters: db.collection<CounterDoc>(COUNTERS),
});
