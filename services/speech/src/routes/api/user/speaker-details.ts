import { getSpeakerDetails, putSpeakerDetails } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';
import { saveSpeakerDetails, speakerDetailsOf } from '../../../user/speaker-details';

/** A person's optional speaker details, which releases carry beside their hashed id. */
export default routeModule<SpeechContext>([getSpeakerDetails, putSpeakerDetails], (app) => {
  const col = () => collections(databaseOf(app));

  serveRoute(app, getSpeakerDetails, async (request) => speakerDetailsOf(col(), request.identity.id));
  serveRoute(app, putSpeakerDetails, async (request) =>
    saveSpeakerDetails(col(), request.identity.id, request.body),
  );
});
