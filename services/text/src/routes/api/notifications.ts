import { getNotifications, NOTIFICATIONS_PAGE_SIZE, postNotificationsRead } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { pageWindow } from '../../workspace/common';

/** The caller's in-app notifications and marking them read. */
export default routeModule<TextContext>([getNotifications, postNotificationsRead], (app, { stores }) => {
  serveRoute(app, getNotifications, async (request) => {
    const { page, pageSize, skip } = pageWindow(request.query, NOTIFICATIONS_PAGE_SIZE);
    const found = await stores.notifications.page(request.identity.id, skip, pageSize);
    return { ...found, page, pageSize };
  });

  serveRoute(app, postNotificationsRead, async (request) => ({
    unread: await stores.notifications.markRead(request.identity.id, request.body.ids),
  }));
});
