import { getUserPreferences, putUserPreferences } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';

/** The language (and Yoruba dialect) a person last chose on Speak or Donate. */
export default routeModule<SpeechContext>([getUserPreferences, putUserPreferences], (app, { stores }) => {
  const { users } = stores;

  serveRoute(app, getUserPreferences, async (request) => users.rememberedPreferences(request.identity.id));

  // A PUT without a dialect (Speak's) keeps the dialect chosen on Donate.
  serveRoute(app, putUserPreferences, async (request) =>
    users.rememberPreferences(request.identity.id, request.body),
  );
});
