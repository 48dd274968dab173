import { Type } from '@sinclair/typebox';
import { MANAGING_ROLES } from '../vocabularies';
import { defineRoute } from '../route';
import {
  DashboardStats,
  NotificationListQuery,
  NotificationPage,
  NotificationsReadBody,
  ProjectDetail,
  ProjectIdParams,
  ProjectInput,
  ProjectListQuery,
  ProjectPage,
  WorkspaceSearchQuery,
  WorkspaceSearchResults,
} from '../workspace';

const tag = 'projects';

/** /projects: the projects the caller takes part in (admins: all), filtered and paged on the server. */
export const getProjects = defineRoute({
  name: 'getProjects',
  method: 'GET',
  path: '/api/projects',
  owner: 'text',
  access: 'signedIn',
  summary: 'Projects the caller takes part in, with computed progress and status',
  tag,
  query: ProjectListQuery,
  reply: { 200: ProjectPage },
});

/** New Project (managers and admins); the creator becomes its owner and a member. */
export const postProject = defineRoute({
  name: 'postProject',
  method: 'POST',
  path: '/api/projects',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Create a project',
  tag,
  body: ProjectInput,
  reply: { 201: ProjectDetail },
  errors: [409, 422],
});

/** A project's page; 404 for one the caller does not take part in (admins see all). */
export const getProject = defineRoute({
  name: 'getProject',
  method: 'GET',
  path: '/api/projects/:id',
  owner: 'text',
  access: 'signedIn',
  summary: 'A project: targets with progress, members, task counts',
  tag,
  params: ProjectIdParams,
  reply: { 200: ProjectDetail },
  errors: [404],
});

/** Edit a project: its owner, a manager among its members, or an admin. */
export const putProject = defineRoute({
  name: 'putProject',
  method: 'PUT',
  path: '/api/projects/:id',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Edit a project',
  tag,
  params: ProjectIdParams,
  body: ProjectInput,
  reply: { 200: ProjectDetail },
  errors: [404, 409, 422],
});

/** /dashboard's four cards. */
export const getDashboardStats = defineRoute({
  name: 'getDashboardStats',
  method: 'GET',
  path: '/api/workspace/dashboard',
  owner: 'text',
  access: 'signedIn',
  summary: 'Active projects, pending and completed tasks, languages covered',
  tag: 'workspace',
  reply: { 200: DashboardStats },
});

/** The top bar's search over the caller's tasks and projects (datasets come from GET /api/datasets?q=). */
export const getWorkspaceSearch = defineRoute({
  name: 'getWorkspaceSearch',
  method: 'GET',
  path: '/api/workspace/search',
  owner: 'text',
  access: 'signedIn',
  summary: 'Tasks and projects matching a query, for the top bar',
  tag: 'workspace',
  query: WorkspaceSearchQuery,
  reply: { 200: WorkspaceSearchResults },
});

/** The caller's in-app notifications, newest first. */
export const getNotifications = defineRoute({
  name: 'getNotifications',
  method: 'GET',
  path: '/api/notifications',
  owner: 'text',
  access: 'signedIn',
  summary: 'The caller’s notifications',
  tag: 'workspace',
  query: NotificationListQuery,
  reply: { 200: NotificationPage },
});

/** Mark notifications read: the ids given, or all of the caller's without ids. */
export const postNotificationsRead = defineRoute({
  name: 'postNotificationsRead',
  method: 'POST',
  path: '/api/notifications/read',
  owner: 'text',
  access: 'signedIn',
  summary: 'Mark notifications read',
  tag: 'workspace',
  body: NotificationsReadBody,
  reply: { 200: Type.Object({ unread: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }) },
});
