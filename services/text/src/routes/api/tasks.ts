import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import {
  deleteTaskPublicLink,
  getTask,
  getTaskCounts,
  getTasks,
  patchTask,
  postTask,
  postTaskPublicLink,
  postTaskShareTeam,
  postTaskState,
  WORKSPACE_PAGE_SIZE,
  type Identity,
  type TaskState,
  type TaskStateAction,
} from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { notify } from '../../notifications/store';
import {
  managedProjectsFilter,
  managesProject,
  projects,
  visibleProject,
  type ProjectDoc,
} from '../../projects/store';
import { hashPublicToken, newPublicToken, publicTaskUrl } from '../../tasks/public-link';
import { statusFilter, tasks, type TaskDoc } from '../../tasks/store';
import { taskFormSchemaErrors } from '../../tasks/task-schema-errors';
import { countByStatusCompleting, taskFigures, toTask } from '../../tasks/task-view';
import { containsPattern, dayToDate, objectIdOrNull, pageWindow, personOf } from '../../workspace/common';

/** Which states each action leaves from (SPEC's Start and Pause, and Complete); anything else is a conflict. */
function transition(action: TaskStateAction): { from: TaskState[]; to: TaskState } {
  switch (action) {
    case 'start':
      return { from: ['todo', 'paused'], to: 'active' };
    case 'pause':
      return { from: ['active'], to: 'paused' };
    default: // 'complete'
      return { from: ['todo', 'active', 'paused'], to: 'completed' };
  }
}

type ProjectAccess = Pick<ProjectDoc, '_id' | 'ownerId' | 'memberIds' | 'members' | 'name'>;

/** The tasks of a scope: `mine` (assigned to the caller) or `managed` (of projects the caller manages). */
export async function scopeFilter(
  app: ServiceApp,
  identity: Identity,
  scope: 'mine' | 'managed' | undefined,
): Promise<Filter<TaskDoc>> {
  if (scope !== 'managed') return { assigneeId: identity.id };
  if (identity.role === 'admin') return {};
  const managed = await projects(databaseOf(app))
    .find(managedProjectsFilter(identity), { projection: { _id: 1 } })
    .toArray();
  return { projectId: { $in: managed.map((p) => p._id) } };
}

/** A task the caller may see (its assignee, or its project's managers) with its project; else 404. */
async function visibleTask(app: ServiceApp, identity: Identity, id: string) {
  const db = databaseOf(app);
  const _id = objectIdOrNull(id);
  const task = _id ? await tasks(db).findOne({ _id }) : null;
  const project: ProjectAccess | null = task
    ? await projects(db).findOne(
        { _id: task.projectId },
        { projection: { _id: 1, ownerId: 1, memberIds: 1, members: 1, name: 1 } },
      )
    : null;
  if (!task || !project) throw new HttpError(404, 'task.not_found');
  const manages = managesProject(identity, project);
  if (!manages && task.assigneeId !== identity.id) throw new HttpError(404, 'task.not_found');
  return { task, project, manages };
}

/** The assignee as recorded: a member of the project, by the directory's current name. */
async function assigneeOf(app: ServiceApp, project: ProjectAccess, assigneeId: string) {
  if (!project.memberIds.includes(assigneeId)) throw new HttpError(422, 'task.assignee_not_member');
  const known = await app.people.byIds([assigneeId]);
  const stored = project.members.find((m) => m.id === assigneeId)?.name;
  return { id: assigneeId, name: known.get(assigneeId)?.name ?? stored ?? assigneeId };
}

const noticeOf = (task: TaskDoc) => ({
  project: { id: task.projectId.toHexString(), name: task.projectName },
  task: { id: task._id.toHexString(), description: task.description, dueDate: task.dueDate },
});

/** /tasks: lists, counts, the create-task form, editing, Start/Pause/Complete, Share with Team, Share Publicly. */
export default routeModule<TextContext>(
  [
    getTasks,
    getTaskCounts,
    postTask,
    getTask,
    patchTask,
    postTaskState,
    postTaskShareTeam,
    postTaskPublicLink,
    deleteTaskPublicLink,
  ],
  (app) => {
    const one = async (identity: Identity, task: TaskDoc, manages: boolean) => {
      const now = app.now();
      const figures = await taskFigures(databaseOf(app), app.activity, [task], now);
      return toTask(task, figures.get(task._id.toHexString())!, identity, manages, now);
    };

    serveRoute(app, getTasks, async (request) => {
      const { identity } = request;
      const { status, priority, projectId, q, scope } = request.query;
      const { page, pageSize, skip } = pageWindow(request.query, WORKSPACE_PAGE_SIZE);
      const now = app.now();
      const parts: Filter<TaskDoc>[] = [await scopeFilter(app, identity, scope)];
      if (status) parts.push(statusFilter(status, now));
      if (priority) parts.push({ priority });
      if (projectId)
        parts.push({ projectId: objectIdOrNull(projectId) ?? new ObjectId('000000000000000000000000') });
      if (q && q.trim()) {
        const pattern = containsPattern(q);
        parts.push({ $or: [{ description: pattern }, { projectName: pattern }] });
      }
      const filter: Filter<TaskDoc> = parts.length === 1 ? parts[0]! : { $and: parts };
      const db = databaseOf(app);
      const [total, list] = await Promise.all([
        tasks(db).countDocuments(filter),
        tasks(db).find(filter).sort({ dueDate: 1, _id: 1 }).skip(skip).limit(pageSize).toArray(),
      ]);
      const projectIds = [...new Set(list.map((t) => t.projectId.toHexString()))].map(
        (id) => new ObjectId(id),
      );
      const [figures, owners] = await Promise.all([
        taskFigures(db, app.activity, list, now),
        projects(db)
          .find({ _id: { $in: projectIds } }, { projection: { _id: 1, ownerId: 1, memberIds: 1 } })
          .toArray(),
      ]);
      const managed = new Set(
        owners.filter((p) => managesProject(identity, p)).map((p) => p._id.toHexString()),
      );
      return {
        items: list.map((t) =>
          toTask(t, figures.get(t._id.toHexString())!, identity, managed.has(t.projectId.toHexString()), now),
        ),
        total,
        page,
        pageSize,
      };
    });

    serveRoute(app, getTaskCounts, async (request) =>
      countByStatusCompleting(
        databaseOf(app),
        app.activity,
        await scopeFilter(app, request.identity, request.query.scope),
        app.now(),
      ),
    );

    serveRoute(
      app,
      postTask,
      async (request, reply) => {
        const { identity, body } = request;
        const db = databaseOf(app);
        const project = await visibleProject(databaseOf(app), identity, body.projectId);
        if (!managesProject(identity, project)) throw new HttpError(403, 'project.not_manager');
        const assignee = await assigneeOf(app, project, body.assigneeId);
        const now = app.now();
        const task: TaskDoc = {
          _id: new ObjectId(),
          projectId: project._id,
          projectName: project.name,
          languages: project.languages,
          description: body.description.trim(),
          assigneeId: assignee.id,
          assignee,
          priority: body.priority,
          dueDate: dayToDate(body.dueDate),
          state: 'todo',
          ...(body.target ? { target: { kind: body.target.kind, count: body.target.count } } : {}),
          createdBy: personOf(identity),
          createdAt: now,
          updatedAt: now,
        };
        await tasks(db).insertOne(task);
        if (assignee.id !== identity.id) {
          await notify(db, {
            userIds: [assignee.id],
            kind: 'assignment',
            ...noticeOf(task),
            by: personOf(identity),
            now,
          });
        }
        reply.code(201);
        return one(identity, task, true);
      },
      { schemaErrorFormatter: taskFormSchemaErrors },
    );

    serveRoute(app, getTask, async (request) => {
      const { task, manages } = await visibleTask(app, request.identity, request.params.id);
      return one(request.identity, task, manages);
    });

    serveRoute(app, patchTask, async (request) => {
      const { identity, body } = request;
      const db = databaseOf(app);
      const { task, project, manages } = await visibleTask(app, identity, request.params.id);
      if (!manages) throw new HttpError(403, 'project.not_manager');
      const now = app.now();
      const set: Partial<TaskDoc> = { updatedAt: now };
      const unset: Record<string, ''> = {};
      if (body.description !== undefined) set.description = body.description.trim();
      if (body.priority !== undefined) set.priority = body.priority;
      const reassigned = body.assigneeId !== undefined && body.assigneeId !== task.assigneeId;
      if (reassigned) {
        set.assignee = await assigneeOf(app, project, body.assigneeId!);
        set.assigneeId = body.assigneeId!;
      }
      if (body.dueDate !== undefined) set.dueDate = dayToDate(body.dueDate);
      // A new due date or a new assignee deserves its own reminder.
      if (reassigned || (set.dueDate && set.dueDate.getTime() !== task.dueDate.getTime()))
        unset.remindedAt = '';
      if (body.target === null) unset.target = '';
      else if (body.target !== undefined) set.target = { kind: body.target.kind, count: body.target.count };
      const update: UpdateFilter<TaskDoc> = { $set: set };
      if (Object.keys(unset).length > 0) update.$unset = unset;
      const updated = await tasks(db).findOneAndUpdate({ _id: task._id }, update, {
        returnDocument: 'after',
      });
      if (!updated) throw new HttpError(404, 'task.not_found');
      if (reassigned && updated.assigneeId !== identity.id) {
        await notify(db, {
          userIds: [updated.assigneeId],
          kind: 'assignment',
          ...noticeOf(updated),
          by: personOf(identity),
          now,
        });
      }
      return one(identity, updated, true);
    });

    serveRoute(app, postTaskState, async (request) => {
      const { identity } = request;
      const { task, manages } = await visibleTask(app, identity, request.params.id);
      if (task.assigneeId !== identity.id) throw new HttpError(403, 'task.not_assignee');
      const { from, to } = transition(request.body.action);
      const now = app.now();
      // Conditional on the state it leaves, so two clicks at once cannot both apply.
      const updated = await tasks(databaseOf(app)).findOneAndUpdate(
        { _id: task._id, state: { $in: from } },
        { $set: { state: to, updatedAt: now, ...(to === 'completed' ? { completedAt: now } : {}) } },
        { returnDocument: 'after' },
      );
      if (!updated) throw new HttpError(409, 'task.state_conflict');
      return one(identity, updated, manages);
    });

    serveRoute(app, postTaskShareTeam, async (request) => {
      const { identity } = request;
      const { task, project } = await visibleTask(app, identity, request.params.id);
      const notified = await notify(databaseOf(app), {
        userIds: project.memberIds.filter((id) => id !== identity.id),
        kind: 'shared-task',
        ...noticeOf(task),
        by: personOf(identity),
        now: app.now(),
      });
      return { notified };
    });

    // A token is stored only as its hash, so it cannot be shown again: each POST issues a fresh token and the
    // previous link stops working.
    serveRoute(app, postTaskPublicLink, async (request) => {
      const { identity } = request;
      const { task } = await visibleTask(app, identity, request.params.id);
      const token = newPublicToken();
      const now = app.now();
      await tasks(databaseOf(app)).updateOne(
        { _id: task._id },
        {
          $set: { publicLink: { tokenHash: hashPublicToken(token), createdBy: identity.id, createdAt: now } },
        },
      );
      return { token, url: publicTaskUrl(token) };
    });

    serveRoute(app, deleteTaskPublicLink, async (request) => {
      const { identity } = request;
      const { task, manages } = await visibleTask(app, identity, request.params.id);
      if (!task.publicLink) return { revoked: false };
      if (!manages && task.publicLink.createdBy !== identity.id)
        throw new HttpError(403, 'project.not_manager');
      const result = await tasks(databaseOf(app)).updateOne(
        { _id: task._id, 'publicLink.tokenHash': task.publicLink.tokenHash },
        { $unset: { publicLink: '' } },
      );
      return { revoked: result.modifiedCount === 1 };
    });
  },
);
