import type { ObjectId } from 'mongodb';
import { getNotifications, NOTIFICATIONS_PAGE_SIZE, postNotificationsRead } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { notifications, toNotification } from '../../notifications/store';
import { objectIdOrNull, pageWindow } from '../../workspace/common';

/** The caller's in-app notifications and marking them read. */
export default routeModule<TextContext>([getNotifications, postNotificationsRead], (app) => {
  serveRoute(app, getNotifications, async (request) => {
    const userId = request.identity.id;
    const { page, pageSize, skip } = pageWindow(request.query, NOTIFICATIONS_PAGE_SIZE);
    const collection = notifications(databaseOf(app));
    const [total, unread, docs] = await Promise.all([
      collection.countDocuments({ userId }),
      collection.countDocuments({ userId, read: false }),
      collection.find({ userId }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(pageSize).toArray(),
    ]);
    return {
      items: docs.map((d) => toNotification(d as typeof d & { _id: ObjectId })),
      total,
      unread,
      page,
      pageSize,
    };
  });

  serveRoute(app, postNotificationsRead, async (request) => {
    const userId = request.identity.id;
    const collection = notifications(databaseOf(app));
    const { ids } = request.body;
    if (ids === undefined) {
      await collection.updateMany({ userId, read: false }, { $set: { read: true } });
    } else {
      // Ids that cannot be a notification match nothing; only the caller's own are touched.
      const _ids = ids.map(objectIdOrNull).filter((id): id is ObjectId => id !== null);
      if (_ids.length > 0)
        await collection.updateMany({ userId, _id: { $in: _ids } }, { $set: { read: true } });
    }
    return { unread: await collection.countDocuments({ userId, read: false }) };
  });
});
