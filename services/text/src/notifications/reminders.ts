import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { TASK_REMINDER_HOURS } from '@platform/contracts';
import { leasedJob, type LeasedJob } from '@platform/service-kit';
import { DAY_MS } from '../projects/progress';
import { tasks } from '../tasks/store';
import { notify } from './store';

/** Ours: how often the reminder job looks for tasks coming due. */
export const REMINDER_INTERVAL_MS = 10 * 60 * 1000;

/**
 * One 'reminder' for each open task whose due date ends (dueDate + 1 day) within TASK_REMINDER_HOURS and has not
 * passed. Each task is claimed by setting `remindedAt` only where it is unset, so two processes running this
 * at once remind each task once. Answers how many reminders were made.
 */
export async function sendReminders(db: Db, now: Date): Promise<number> {
  // dueDate + 1 day in (now, now + hours]  ⇔  dueDate in (now − 1 day, now + hours − 1 day].
  const latestDue = new Date(now.getTime() + TASK_REMINDER_HOURS * 3_600_000 - DAY_MS);
  const earliestDue = new Date(now.getTime() - DAY_MS);
  const candidates = await tasks(db)
    .find(
      {
        state: { $in: ['todo', 'active', 'paused'] },
        dueDate: { $gt: earliestDue, $lte: latestDue },
        remindedAt: null,
      },
      { projection: { _id: 1 } },
    )
    .toArray();
  let sent = 0;
  for (const { _id } of candidates) {
    const task = await tasks(db).findOneAndUpdate(
      { _id, remindedAt: null, state: { $ne: 'completed' } },
      { $set: { remindedAt: now } },
      { returnDocument: 'after' },
    );
    if (!task) continue; // another process took it, or it was completed meanwhile
    sent += await notify(db, {
      userIds: [task.assigneeId],
      kind: 'reminder',
      project: { id: task.projectId.toHexString(), name: task.projectName },
      task: { id: task._id.toHexString(), description: task.description, dueDate: task.dueDate },
      now,
    });
  }
  return sent;
}

/**
 * sendReminders every `intervalMs` as a leased job: one process runs it at a time, whatever the number of
 * copies of the service (the claim on `remindedAt` keeps it right even if two did).
 */
export function reminderJob(options: {
  db: Db;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
}): LeasedJob {
  return leasedJob({
    name: 'task-reminders',
    db: options.db,
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      const sent = await sendReminders(options.db, options.now());
      if (sent > 0) options.log.info({ sent }, 'task reminders sent');
    },
  });
}
