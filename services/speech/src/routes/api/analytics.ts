import { getLanguageDistribution } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';

/** How the speech contributions spread over the languages. */
export default routeModule<SpeechContext>([getLanguageDistribution], (app, { stores }) => {
  serveRoute(app, getLanguageDistribution, async () => stores.analytics.languageDistribution());
});
