import { getLanguageDistribution } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { languageDistribution } from '../../analytics/language-distribution';
import type { SpeechContext } from '../../context';

/** How the speech contributions spread over the languages. */
export default routeModule<SpeechContext>([getLanguageDistribution], (app) => {
  serveRoute(app, getLanguageDistribution, async () => languageDistribution(databaseOf(app)));
});
