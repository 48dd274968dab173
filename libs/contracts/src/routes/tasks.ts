import { Type } from '@sinclair/typebox';
import { MANAGING_ROLES } from '../vocabularies';
import { defineRoute } from '../route';
import {
  PublicTask,
  PublicTaskParams,
  Task,
  TaskCounts,
  TaskCountsQuery,
  TaskIdParams,
  TaskInput,
  TaskListQuery,
  TaskPage,
  TaskPatch,
  TaskPublicLink,
  TaskShareTeamReply,
  TaskStateBody,
} from '../workspace';

const tag = 'tasks';

/** /tasks: the caller's tasks (or those of projects they manage), filtered and paged on the server. */
export const getTasks = defineRoute({
  name: 'getTasks',
  method: 'GET',
  path: '/api/tasks',
  owner: 'text',
  access: 'signedIn',
  summary: 'Tasks, filtered by status, priority, project or words',
  tag,
  query: TaskListQuery,
  reply: { 200: TaskPage },
});

/** The summary cards (Active, Completed, Overdue) and, for `mine`, the sidebar's badge (active + overdue). */
export const getTaskCounts = defineRoute({
  name: 'getTaskCounts',
  method: 'GET',
  path: '/api/tasks/counts',
  owner: 'text',
  access: 'signedIn',
  summary: 'How many tasks are active, completed and overdue',
  tag,
  query: TaskCountsQuery,
  reply: { 200: TaskCounts },
});

/** The create-task form (managers of the project, and admins); the assignee must be a member. */
export const postTask = defineRoute({
  name: 'postTask',
  method: 'POST',
  path: '/api/tasks',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Create a task in a project',
  tag,
  body: TaskInput,
  reply: { 201: Task },
  errors: [404, 422],
});

export const getTask = defineRoute({
  name: 'getTask',
  method: 'GET',
  path: '/api/tasks/:id',
  owner: 'text',
  access: 'signedIn',
  summary: 'A task (its assignee and its project’s managers only)',
  tag,
  params: TaskIdParams,
  reply: { 200: Task },
  errors: [404],
});

export const patchTask = defineRoute({
  name: 'patchTask',
  method: 'PATCH',
  path: '/api/tasks/:id',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Edit a task',
  tag,
  params: TaskIdParams,
  body: TaskPatch,
  reply: { 200: Task },
  errors: [404, 422],
});

/** Start, Pause (SPEC's row actions) or complete: only the task's assignee. */
export const postTaskState = defineRoute({
  name: 'postTaskState',
  method: 'POST',
  path: '/api/tasks/:id/state',
  owner: 'text',
  access: 'signedIn',
  summary: 'Start, pause or complete one’s task',
  tag,
  params: TaskIdParams,
  body: TaskStateBody,
  reply: { 200: Task },
  errors: [403, 404, 409],
});

/** Share with Team: notify the project's other members (in-app, and by mail as their settings allow). */
export const postTaskShareTeam = defineRoute({
  name: 'postTaskShareTeam',
  method: 'POST',
  path: '/api/tasks/:id/share/team',
  owner: 'text',
  access: 'signedIn',
  summary: 'Tell the project’s members about a task',
  tag,
  params: TaskIdParams,
  reply: { 200: TaskShareTeamReply },
  errors: [404],
});

/**
 * Share Publicly: a read-only link to the task's progress. Only the token's hash is kept, so each call issues a
 * new link and the previous one stops working.
 */
export const postTaskPublicLink = defineRoute({
  name: 'postTaskPublicLink',
  method: 'POST',
  path: '/api/tasks/:id/share/public',
  owner: 'text',
  access: 'signedIn',
  summary: 'Create the public link of a task',
  tag,
  params: TaskIdParams,
  reply: { 200: TaskPublicLink },
  errors: [404],
});

/** Revoke the public link (whoever created it, or the project's managers). */
export const deleteTaskPublicLink = defineRoute({
  name: 'deleteTaskPublicLink',
  method: 'DELETE',
  path: '/api/tasks/:id/share/public',
  owner: 'text',
  access: 'signedIn',
  summary: 'Revoke the public link of a task',
  tag,
  params: TaskIdParams,
  reply: { 200: Type.Object({ revoked: Type.Boolean() }, { additionalProperties: false }) },
  errors: [403, 404],
});

/** What the public link shows a signed-out visitor; 404 once revoked. */
export const getPublicTask = defineRoute({
  name: 'getPublicTask',
  method: 'GET',
  path: '/api/public/tasks/:token',
  owner: 'text',
  access: 'public',
  summary: 'A shared task’s progress',
  tag,
  params: PublicTaskParams,
  reply: { 200: PublicTask },
  errors: [404],
});
