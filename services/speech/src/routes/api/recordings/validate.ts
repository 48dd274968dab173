import { DEFAULT_VALIDATE_BATCH_SIZE, getRecordingsToValidate } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { pickValidateBatch } from '../../../recordings/validate-batch';

/** Listen: the batch of recordings to judge. */
export default routeModule<SpeechContext>([getRecordingsToValidate], (app, { stores }) => {
  serveRoute(app, getRecordingsToValidate, async (request) =>
    pickValidateBatch(stores.recordings, {
      userId: request.identity.id,
      count: request.query.count ?? DEFAULT_VALIDATE_BATCH_SIZE,
    }),
  );
});
