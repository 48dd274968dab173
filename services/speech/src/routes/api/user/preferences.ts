import { getUserPreferences, putUserPreferences } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';
import { rememberedPreferences, rememberPreferences } from '../../../user/preferences';

/** The language (and Yoruba dialect) a person last chose on Speak or Donate. */
export default routeModule<SpeechContext>([getUserPreferences, putUserPreferences], (app) => {
  const col = () => collections(databaseOf(app));

  serveRoute(app, getUserPreferences, async (request) => rememberedPreferences(col(), request.identity.id));

  // A PUT without a dialect (Speak's) keeps the dialect chosen on Donate.
  serveRoute(app, putUserPreferences, async (request) =>
    rememberPreferences(col(), request.identity.id, request.body),
  );
});
