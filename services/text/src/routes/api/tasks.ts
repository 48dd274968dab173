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
import { HttpError, routeModule, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { managesProject, type ProjectAccess } from '../../projects/store';
import type { TextStores } from '../../stores';
import { hashPublicToken, newPublicToken, publicTaskUrl } from '../../tasks/public-link';
import type { TaskDoc, TaskScope } from '../../tasks/store';
import { taskFormSchemaErrors } from '../../tasks/task-schema-errors';
import { countByStatusCompleting, taskFigures, toTask } from '../../tasks/task-view';
import { dayToDate, pageWindow, personOf } from '../../workspace/common';

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

/** The tasks of a scope: `mine` (assigned to the caller) or `managed` (of projects the caller manages). */
async function scopeOf(
  stores: TextStores,
  identity: Identity,
  scope: 'mine' | 'managed' | undefined,
): Promise<TaskScope> {
  if (scope !== 'managed') return { assigneeId: identity.id };
  if (identity.role === 'admin') return 'all';
  return { projectIds: await stores.projects.managedIds(identity) };
}

/** A task the caller may see (its assignee, or its project's managers) with its project; else 404. */
async function visibleTask(stores: TextStores, identity: Identity, id: string) {
  const task = await stores.tasks.get(id);
  const project = task ? await stores.projects.access(task.projectId) : null;
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
  (app, { stores }) => {
    const one = async (identity: Identity, task: TaskDoc, manages: boolean) => {
      const now = app.now();
      const figures = await taskFigures(stores.tasks, app.activity, [task], now);
      return toTask(task, figures.get(task._id.toHexString())!, identity, manages, now);
    };

    serveRoute(app, getTasks, async (request) => {
      const { identity } = request;
      const { status, priority, projectId, q, scope } = request.query;
      const { page, pageSize, skip } = pageWindow(request.query, WORKSPACE_PAGE_SIZE);
      const now = app.now();
      const { total, items: list } = await stores.tasks.listPage(
        await scopeOf(stores, identity, scope),
        { status, priority, projectId, q },
        now,
        skip,
        pageSize,
      );
      const projectIds = [...new Map(list.map((t) => [t.projectId.toHexString(), t.projectId])).values()];
      const [figures, managed] = await Promise.all([
        taskFigures(stores.tasks, app.activity, list, now),
        stores.projects.managedAmong(identity, projectIds),
      ]);
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
        stores.tasks,
        app.activity,
        await scopeOf(stores, request.identity, request.query.scope),
        app.now(),
      ),
    );

    serveRoute(
      app,
      postTask,
      async (request, reply) => {
        const { identity, body } = request;
        const project = await stores.projects.visible(identity, body.projectId);
        if (!managesProject(identity, project)) throw new HttpError(403, 'project.not_manager');
        const assignee = await assigneeOf(app, project, body.assigneeId);
        const now = app.now();
        const task = await stores.tasks.create({
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
        });
        if (assignee.id !== identity.id) {
          await stores.notifications.notify({
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
      const { task, manages } = await visibleTask(stores, request.identity, request.params.id);
      return one(request.identity, task, manages);
    });

    serveRoute(app, patchTask, async (request) => {
      const { identity, body } = request;
      const { task, project, manages } = await visibleTask(stores, identity, request.params.id);
      if (!manages) throw new HttpError(403, 'project.not_manager');
      const now = app.now();
      const set: Partial<TaskDoc> = { updatedAt: now };
      const unset: (keyof TaskDoc)[] = [];
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
        unset.push('remindedAt');
      if (body.target === null) unset.push('target');
      else if (body.target !== undefined) set.target = { kind: body.target.kind, count: body.target.count };
      const updated = await stores.tasks.edit(task._id, set, unset);
      if (!updated) throw new HttpError(404, 'task.not_found');
      if (reassigned && updated.assigneeId !== identity.id) {
        await stores.notifications.notify({
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
      const { task, manages } = await visibleTask(stores, identity, request.params.id);
      if (task.assigneeId !== identity.id) throw new HttpError(403, 'task.not_assignee');
      const { from, to } = transition(request.body.action);
      const updated = await stores.tasks.moveState(task._id, from, to, app.now());
      if (!updated) throw new HttpError(409, 'task.state_conflict');
      return one(identity, updated, manages);
    });

    serveRoute(app, postTaskShareTeam, async (request) => {
      const { identity } = request;
      const { task, project } = await visibleTask(stores, identity, request.params.id);
      const notified = await stores.notifications.notify({
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
      const { task } = await visibleTask(stores, identity, request.params.id);
      const token = newPublicToken();
      await stores.tasks.setPublicLink(task._id, {
        tokenHash: hashPublicToken(token),
        createdBy: identity.id,
        createdAt: app.now(),
      });
      return { token, url: publicTaskUrl(token) };
    });

    serveRoute(app, deleteTaskPublicLink, async (request) => {
      const { identity } = request;
      const { task, manages } = await visibleTask(stores, identity, request.params.id);
      if (!task.publicLink) return { revoked: false };
      if (!manages && task.publicLink.createdBy !== identity.id)
        throw new HttpError(403, 'project.not_manager');
      return { revoked: await stores.tasks.revokePublicLink(task._id, task.publicLink.tokenHash) };
    });
  },
);
