import { getInternalTextFigures } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { textFigures } from './text-figures';

/** Internal, gateway → text: the text side of the landing page's counters and of /languages. */
export function publicSiteRoutes(app: ServiceApp) {
  serveRoute(app, getInternalTextFigures, async () => textFigures(databaseOf(app), app.now()));
}
