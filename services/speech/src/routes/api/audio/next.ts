import { getDonateNext } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import { nextTextPair } from '../../../audio-pairs/queue';
import type { SpeechContext } from '../../../context';

/** Donate Your Voice: the next text pair to speak. */
export default routeModule<SpeechContext>([getDonateNext], (app, { stores }) => {
  serveRoute(app, getDonateNext, async (request) => nextTextPair(stores, request.identity.id));
});
