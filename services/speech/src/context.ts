import type { ServiceClient } from '@platform/service-kit';
import type { ReleaseWorker } from './datasets/release-build';
import type { SmallRenditions } from './audio/small-rendition';
import type { SpeechStores } from './stores';

/** What the speech service's route modules are given besides the app. */
export interface SpeechContext {
  /** The stores: the only way a route reaches the database. */
  stores: SpeechStores;
  /** The identity secret: audio pair ids are signed with it for the people who may hear them. */
  secret: string;
  /** The clock of the datasets feature, the public figures, the quality figures and idle uploads; tests move it. */
  now: () => Date;
  /** The text service, called with the speech service's own signed name, never a person's. */
  text: ServiceClient;
  /** Builds published releases; the publish route kicks it. */
  worker: ReleaseWorker;
  /** Listen's small audio renditions for people who save data (originals when opusenc is missing). */
  renditions: SmallRenditions;
}
