import { DEFAULT_VALIDATE_BATCH_SIZE, getRecordingsToValidate } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';
import { pickValidateBatch } from '../../../recordings/validate-batch';

/** Listen: the batch of recordings to judge. */
export default routeModule<SpeechContext>([getRecordingsToValidate], (app) => {
  const col = () => collections(databaseOf(app));

  serveRoute(app, getRecordingsToValidate, async (request) =>
    pickValidateBatch(col(), {
      userId: request.identity.id,
      count: request.query.count ?? DEFAULT_VALIDATE_BATCH_SIZE,
    }),
  );
});
