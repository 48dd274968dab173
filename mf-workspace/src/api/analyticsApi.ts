import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  getLanguageDistribution,
  getProgressChart,
  getProjects,
  getQualityMetrics,
  getTaskCompletionChart,
  WORKSPACE_PAGE_SIZE_MAX,
} from '@platform/contracts/client';
import type { ChartPeriod, RouteReply } from '@platform/contracts';

/** A chart's selectors: the period, and one project or All Projects (no id). */
export interface ChartArgs {
  period: ChartPeriod;
  projectId?: string;
}

const chartQuery = ({ period, projectId }: ChartArgs) => ({ period, ...(projectId ? { projectId } : {}) });

/**
 * /analytics' calls, each built from its declaration in libs/contracts. The charts carry the 'Analytics' tag
 * and the project list the 'Project' tag, so a task or project change elsewhere refreshes what they show.
 */
export const analyticsApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getProgressChart: build.query<RouteReply<typeof getProgressChart>, ChartArgs>({
      query: (args) => routeRequest(getProgressChart, { query: chartQuery(args) }),
      providesTags: ['Analytics', 'Task', 'Project'],
    }),
    getTaskCompletionChart: build.query<RouteReply<typeof getTaskCompletionChart>, ChartArgs>({
      query: (args) => routeRequest(getTaskCompletionChart, { query: chartQuery(args) }),
      providesTags: ['Analytics', 'Task', 'Project'],
    }),
    getLanguageDistribution: build.query<RouteReply<typeof getLanguageDistribution>, void>({
      query: () => routeRequest(getLanguageDistribution, {}),
      providesTags: ['Analytics'],
    }),
    getQualityMetrics: build.query<RouteReply<typeof getQualityMetrics>, { period: ChartPeriod }>({
      query: ({ period }) => routeRequest(getQualityMetrics, { query: { period } }),
      providesTags: ['Analytics'],
    }),
    // Named apart from the projects screen's list: both inject into the one API of the page.
    getAnalyticsProjects: build.query<RouteReply<typeof getProjects>, void>({
      query: () => routeRequest(getProjects, { query: { page: 1, pageSize: WORKSPACE_PAGE_SIZE_MAX } }),
      providesTags: ['Project'],
    }),
  }),
});

export const {
  useGetProgressChartQuery,
  useGetTaskCompletionChartQuery,
  useGetLanguageDistributionQuery,
  useGetQualityMetricsQuery,
  useGetAnalyticsProjectsQuery,
} = analyticsApi;
