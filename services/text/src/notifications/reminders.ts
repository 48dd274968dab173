import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { TASK_REMINDER_HOURS } from '@platform/contracts';
import { DAY_MS } from '../projects/progress';
import { tasks } from '../tasks/task-store';
import { notify } from './notify';

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

/** Runs sendReminders every `intervalMs` (never two runs at once in one process); stop() ends it. */
export function startReminders(options: {
  db: Db;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
}): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendReminders(options.db, options.now())
      .then((sent) => {
        if (sent > 0) options.log.info({ sent }, 'task reminders sent');
      })
      .catch((err: unknown) => options.log.warn({ err }, 'task reminders failed; next round will retry'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
