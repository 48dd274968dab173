import { getPublicTask } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { hashPublicToken } from '../../../tasks/public-link';
import { tasks } from '../../../tasks/store';
import { taskFigures, toPublicTask } from '../../../tasks/task-view';

/** A task shared publicly: what anyone holding its link may see, without signing in. */
export default routeModule<TextContext>([getPublicTask], (app) => {
  serveRoute(app, getPublicTask, async (request) => {
    const db = databaseOf(app);
    const task = await tasks(db).findOne({ 'publicLink.tokenHash': hashPublicToken(request.params.token) });
    if (!task) throw new HttpError(404, 'task.link_not_found');
    const now = app.now();
    const figures = await taskFigures(db, app.activity, [task], now);
    return toPublicTask(task, figures.get(task._id.toHexString())!, now);
  });
});
