import { getInternalTextFigures } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { textFigures } from '../../../public-site/text-figures';

/** Internal, gateway → text: the text side of the landing page's counters and of /languages. */
export default routeModule<TextContext>([getInternalTextFigures], (app, { stores }) => {
  serveRoute(app, getInternalTextFigures, async () => textFigures(stores.publicSite, app.now()));
});
