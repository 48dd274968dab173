import { getInternalTextFigures } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { textFigures } from '../../../public-site/text-figures';

/** Internal, gateway → text: the text side of the landing page's counters and of /languages. */
export default routeModule<TextContext>([getInternalTextFigures], (app) => {
  serveRoute(app, getInternalTextFigures, async () => textFigures(databaseOf(app), app.now()));
});
