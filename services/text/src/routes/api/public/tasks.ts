import { getPublicTask } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { hashPublicToken } from '../../../tasks/public-link';
import { taskFigures, toPublicTask } from '../../../tasks/task-view';

/** A task shared publicly: what anyone holding its link may see, without signing in. */
export default routeModule<TextContext>([getPublicTask], (app, { stores }) => {
  serveRoute(app, getPublicTask, async (request) => {
    const task = await stores.tasks.byPublicLink(hashPublicToken(request.params.token));
    if (!task) throw new HttpError(404, 'task.link_not_found');
    const now = app.now();
    const figures = await taskFigures(stores.tasks, app.activity, [task], now);
    return toPublicTask(task, figures.get(task._id.toHexString())!, now);
  });
});
