import { api, routeRequest } from '@platform/store';
import {
  getDatasets,
  getDatasetsSummary,
  getPublicLanguages,
  postNewsletterConfirm,
  postNewsletterUnsubscribe,
} from '@platform/contracts/client';
import type { RouteReply } from '@platform/contracts';

/** How many datasets /download lists: the first page, newest release first as the service orders them. */
export const DOWNLOAD_PAGE_DATASETS = 10;

/**
 * The calls of the public pages (/languages, /download, /newsletter), each built from its declaration in
 * libs/contracts (search the declaration's name to find the handler). Named apart from mf-datasets' endpoints:
 * every remote injects into the one API of the page.
 */
export const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLanguageFigures: build.query<RouteReply<typeof getPublicLanguages>, void>({
      query: () => routeRequest(getPublicLanguages, {}),
    }),
    getDownloadSummary: build.query<RouteReply<typeof getDatasetsSummary>, void>({
      query: () => routeRequest(getDatasetsSummary, {}),
    }),
    getDownloadDatasets: build.query<RouteReply<typeof getDatasets>, void>({
      query: () => routeRequest(getDatasets, { query: { page: 1, pageSize: DOWNLOAD_PAGE_DATASETS } }),
    }),
    confirmNewsletter: build.mutation<RouteReply<typeof postNewsletterConfirm>, string>({
      query: (token) => routeRequest(postNewsletterConfirm, { body: { token } }),
    }),
    unsubscribeNewsletter: build.mutation<RouteReply<typeof postNewsletterUnsubscribe>, string>({
      query: (token) => routeRequest(postNewsletterUnsubscribe, { body: { token } }),
    }),
  }),
});

export const {
  useGetLanguageFiguresQuery,
  useGetDownloadSummaryQuery,
  useGetDownloadDatasetsQuery,
  useConfirmNewsletterMutation,
  useUnsubscribeNewsletterMutation,
} = pagesApi;
