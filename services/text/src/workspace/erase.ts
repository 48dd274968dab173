import type { Db } from 'mongodb';
import { notifications } from '../notifications/notify';
import { projects } from '../projects/project-store';
import { tasks } from '../tasks/task-store';
import { DELETED_ACCOUNT_NAME } from './common';

/**
 * A deleted account's name leaves every project, task and notification (its id stays, so counts and history
 * hold); its own notifications go. Idempotent: the gateway may call it again after a failure.
 */
export async function eraseUserText(db: Db, userId: string): Promise<void> {
  const name = DELETED_ACCOUNT_NAME;
  await Promise.all([
    projects(db).updateMany({ 'owner.id': userId }, { $set: { 'owner.name': name } }),
    projects(db).updateMany(
      { 'members.id': userId },
      { $set: { 'members.$[who].name': name } },
      { arrayFilters: [{ 'who.id': userId }] },
    ),
    tasks(db).updateMany({ assigneeId: userId }, { $set: { 'assignee.name': name } }),
    tasks(db).updateMany({ 'createdBy.id': userId }, { $set: { 'createdBy.name': name } }),
    notifications(db).updateMany({ 'by.id': userId }, { $set: { 'by.name': name } }),
    notifications(db).deleteMany({ userId }),
  ]);
}
