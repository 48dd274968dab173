import { getSpeakerDetails, putSpeakerDetails } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';

/** A person's optional speaker details, which releases carry beside their hashed id. */
export default routeModule<SpeechContext>([getSpeakerDetails, putSpeakerDetails], (app, { stores }) => {
  const { users } = stores;

  serveRoute(app, getSpeakerDetails, async (request) => users.speakerDetailsOf(request.identity.id));
  serveRoute(app, putSpeakerDetails, async (request) =>
    users.saveSpeakerDetails(request.identity.id, request.body),
  );
});
