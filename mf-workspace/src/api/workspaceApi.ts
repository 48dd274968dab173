import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  DEFAULT_ROUND_SIZE,
  WORKSPACE_PAGE_SIZE,
  deleteTaskPublicLink,
  getDashboardStats,
  getNotifications,
  getPeople,
  getProject,
  getProjects,
  getPublicTask,
  getSentenceRound,
  getTaskCounts,
  getTasks,
  getUserPreferences,
  getUserStats,
  postNotificationsRead,
  postProject,
  postTask,
  postTaskPublicLink,
  postTaskShareTeam,
  postTaskState,
  putProject,
} from '@platform/contracts/client';
import type {
  LanguageCode,
  ProjectInput,
  ProjectListQuery,
  RouteReply,
  TaskCountsQuery,
  TaskInput,
  TaskListQuery,
  TaskStateAction,
} from '@platform/contracts';

/** The filters of /projects as the URL holds them, sent to the server as they are. */
export type ProjectListArgs = Pick<ProjectListQuery, 'q' | 'status' | 'language' | 'pageSize'> & {
  page: number;
};
/** The task list's filters (/tasks, and a project's page with its projectId). */
export type TaskListArgs = Pick<TaskListQuery, 'q' | 'status' | 'priority' | 'projectId' | 'scope'> & {
  page: number;
};

// RTK Query invalidates after failed mutations too; a refused change changes nothing shown.
const onSuccess =
  <T extends 'Project' | 'Task'>(...tags: T[]) =>
  (result: unknown) =>
    result ? tags : [];

/** Only the query parameters that are set: an empty filter is no filter. */
function defined<T extends Record<string, unknown>>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

/**
 * The workspace screens' calls (dashboard, projects, tasks, the shared task page), each built from its
 * declaration in libs/contracts. Names are the remote's own: every remote injects into the page's one API.
 * Projects and tasks share the 'Project' and 'Task' tags, so a new task refreshes the project's counts and
 * the dashboard's cards.
 */
export const workspaceApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardCards: build.query<RouteReply<typeof getDashboardStats>, void>({
      query: () => routeRequest(getDashboardStats, {}),
      providesTags: ['Project', 'Task'],
    }),
    // Named apart from the other remotes' figures: all of them share the one 'UserStats' tag.
    getMyContributionFigures: build.query<RouteReply<typeof getUserStats>, void>({
      query: () => routeRequest(getUserStats, {}),
      providesTags: ['UserStats'],
    }),
    getMyRecordingLanguage: build.query<RouteReply<typeof getUserPreferences>, void>({
      query: () => routeRequest(getUserPreferences, {}),
      providesTags: ['User'],
    }),
    /** The sentences waiting for recordings in a language: the call Speak makes for its round. */
    getPromptsToRecord: build.query<RouteReply<typeof getSentenceRound>, LanguageCode>({
      query: (lang) => routeRequest(getSentenceRound, { query: { lang, count: DEFAULT_ROUND_SIZE } }),
      keepUnusedDataFor: 0,
    }),
    getMyNotifications: build.query<RouteReply<typeof getNotifications>, void>({
      query: () => routeRequest(getNotifications, { query: { page: 1 } }),
    }),
    markNotificationsRead: build.mutation<RouteReply<typeof postNotificationsRead>, string[] | undefined>({
      query: (ids) => routeRequest(postNotificationsRead, { body: ids ? { ids } : {} }),
      // The list shows them read at once the server agrees, without reading it again.
      async onQueryStarted(ids, { dispatch, queryFulfilled }): Promise<void> {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            workspaceApi.util.updateQueryData('getMyNotifications', undefined, (page) => {
              for (const item of page.items) if (!ids || ids.includes(item.id)) item.read = true;
              page.unread = data.unread;
            }),
          );
        } catch {
          // Not marked: the list stays as the server last said.
        }
      },
    }),

    listProjects: build.query<RouteReply<typeof getProjects>, ProjectListArgs>({
      query: ({ page, pageSize = WORKSPACE_PAGE_SIZE, ...filters }) =>
        routeRequest(getProjects, { query: { ...defined(filters), page, pageSize } }),
      providesTags: ['Project'],
    }),
    getProjectDetail: build.query<RouteReply<typeof getProject>, string>({
      query: (id) => routeRequest(getProject, { params: { id } }),
      providesTags: ['Project'],
    }),
    createProject: build.mutation<RouteReply<typeof postProject>, ProjectInput>({
      query: (body) => routeRequest(postProject, { body }),
      invalidatesTags: onSuccess('Project'),
    }),
    editProject: build.mutation<RouteReply<typeof putProject>, { id: string; body: ProjectInput }>({
      query: ({ id, body }) => routeRequest(putProject, { params: { id }, body }),
      invalidatesTags: onSuccess('Project', 'Task'),
    }),
    findPeople: build.query<RouteReply<typeof getPeople>, string>({
      query: (q) => routeRequest(getPeople, { query: { q } }),
    }),

    listTasks: build.query<RouteReply<typeof getTasks>, TaskListArgs>({
      query: ({ page, ...filters }) =>
        routeRequest(getTasks, { query: { ...defined(filters), page, pageSize: WORKSPACE_PAGE_SIZE } }),
      providesTags: ['Task'],
    }),
    getTaskSummary: build.query<RouteReply<typeof getTaskCounts>, TaskCountsQuery['scope']>({
      query: (scope) => routeRequest(getTaskCounts, { query: scope ? { scope } : {} }),
      providesTags: ['Task'],
    }),
    createTask: build.mutation<RouteReply<typeof postTask>, TaskInput>({
      query: (body) => routeRequest(postTask, { body }),
      invalidatesTags: onSuccess('Task', 'Project'),
    }),
    changeTaskState: build.mutation<
      RouteReply<typeof postTaskState>,
      { id: string; action: TaskStateAction }
    >({
      query: ({ id, action }) => routeRequest(postTaskState, { params: { id }, body: { action } }),
      invalidatesTags: onSuccess('Task', 'Project'),
    }),
    shareTaskWithTeam: build.mutation<RouteReply<typeof postTaskShareTeam>, string>({
      query: (id) => routeRequest(postTaskShareTeam, { params: { id } }),
    }),
    shareTaskPublicly: build.mutation<RouteReply<typeof postTaskPublicLink>, string>({
      query: (id) => routeRequest(postTaskPublicLink, { params: { id } }),
      invalidatesTags: onSuccess('Task'),
    }),
    revokeTaskLink: build.mutation<RouteReply<typeof deleteTaskPublicLink>, string>({
      query: (id) => routeRequest(deleteTaskPublicLink, { params: { id } }),
      invalidatesTags: onSuccess('Task'),
    }),
    getSharedTask: build.query<RouteReply<typeof getPublicTask>, string>({
      query: (token) => routeRequest(getPublicTask, { params: { token } }),
    }),
  }),
});

export const {
  useGetDashboardCardsQuery,
  useGetMyContributionFiguresQuery,
  useGetMyRecordingLanguageQuery,
  useLazyGetPromptsToRecordQuery,
  useGetMyNotificationsQuery,
  useMarkNotificationsReadMutation,
  useListProjectsQuery,
  useGetProjectDetailQuery,
  useCreateProjectMutation,
  useEditProjectMutation,
  useFindPeopleQuery,
  useListTasksQuery,
  useGetTaskSummaryQuery,
  useCreateTaskMutation,
  useChangeTaskStateMutation,
  useShareTaskWithTeamMutation,
  useShareTaskPubliclyMutation,
  useRevokeTaskLinkMutation,
  useGetSharedTaskQuery,
} = workspaceApi;
