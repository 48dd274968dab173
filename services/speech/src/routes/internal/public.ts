import { getInternalSpeechFigures } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { speechFigures } from '../../public-site/figures';

/** The figures the gateway turns into the landing counters and /languages. */
export default routeModule<SpeechContext>([getInternalSpeechFigures], (app, { now, stores }) => {
  serveRoute(app, getInternalSpeechFigures, async () => speechFigures(stores.publicSite, now()));
});
