import { getDonateNext } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { nextTextPair } from '../../../audio-pairs/queue';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';

/** Donate Your Voice: the next text pair to speak. */
export default routeModule<SpeechContext>([getDonateNext], (app) => {
  serveRoute(app, getDonateNext, async (request) =>
    nextTextPair(collections(databaseOf(app)), request.identity.id),
  );
});
