import { api, routeRequest } from '@platform/store';
import {
  getDatasets,
  getProfile,
  getTaskCounts,
  getWorkspaceSearch,
  SEARCH_RESULTS_MAX,
} from '@platform/contracts/client';
import type { RouteReply } from '@platform/contracts';

/**
 * What the sidebar and the top bar read, each call built from its declaration in libs/contracts. The tags
 * are shared ones (sharedTagTypes in @platform/store) that the workspace remote's screens use too, so the
 * badge follows any task change made there and the name and avatar follow a saved profile: 'Task' for
 * tasks, `{ type: 'Profile', id: 'me' }` for the profile.
 * Named apart from the remotes' endpoints: all inject into the one API of the page.
 */
export const chromeApi = api.injectEndpoints({
  endpoints: (build) => ({
    chromeProfile: build.query<RouteReply<typeof getProfile>, void>({
      query: () => routeRequest(getProfile, {}),
      providesTags: [{ type: 'Profile', id: 'me' }],
    }),
    /** The person's own tasks by status: the Tasks badge counts the open ones (active and overdue). */
    chromeTaskCounts: build.query<RouteReply<typeof getTaskCounts>, void>({
      query: () => routeRequest(getTaskCounts, { query: { scope: 'mine' } }),
      providesTags: ['Task'],
    }),
    chromeWorkspaceSearch: build.query<RouteReply<typeof getWorkspaceSearch>, string>({
      query: (q) => routeRequest(getWorkspaceSearch, { query: { q } }),
      providesTags: ['Task', 'Project'],
    }),
    chromeDatasetSearch: build.query<RouteReply<typeof getDatasets>, string>({
      query: (q) => routeRequest(getDatasets, { query: { q, page: 1, pageSize: SEARCH_RESULTS_MAX } }),
      providesTags: ['Dataset'],
    }),
  }),
});

export const {
  useChromeProfileQuery,
  useChromeTaskCountsQuery,
  useChromeWorkspaceSearchQuery,
  useChromeDatasetSearchQuery,
} = chromeApi;
