import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  DATASET_PAGE_SIZE,
  DOWNLOAD_HISTORY_PAGE_SIZE,
  getDataset,
  getDatasets,
  getDatasetsSummary,
  getDownloadHistory,
  getRelease,
  getReleaseDatasheet,
  getReleaseStatistics,
  postDataset,
  postLicenceAcceptance,
  postRelease,
  putDataset,
} from '@platform/contracts/client';
import type { DatasetInput, DatasetListQuery, RouteReply } from '@platform/contracts';

/** Browse Datasets' query: the filters of the URL and the page; empty filters are left out. */
export type DatasetPageArgs = Pick<DatasetListQuery, 'q' | 'language' | 'category'> & { page: number };

export interface ReleaseArgs {
  id: string;
  version: number | 'latest';
}

const LIST = { type: 'Dataset', id: 'LIST' } as const;
const SUMMARY = { type: 'Dataset', id: 'SUMMARY' } as const;

/**
 * Dataset Downloads' calls, each built from its declaration in libs/contracts/src/routes/datasets.ts (search
 * the declaration's name to find the speech service's handler). Tags: 'Dataset' (the list, the summary and
 * each dataset by id), 'Release' (a release by `<id>/<version>`), 'Download' (the person's history).
 */
export const releasesApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getDatasetsSummary: build.query<RouteReply<typeof getDatasetsSummary>, void>({
      query: () => routeRequest(getDatasetsSummary, {}),
      providesTags: [SUMMARY],
    }),
    /** Filtered and paged on the server (SPEC §5: case-insensitive; q matches name or description). */
    getDatasetPage: build.query<RouteReply<typeof getDatasets>, DatasetPageArgs>({
      query: ({ q, language, category, page }) =>
        routeRequest(getDatasets, {
          query: {
            ...(q ? { q } : {}),
            ...(language ? { language } : {}),
            ...(category ? { category } : {}),
            page,
            pageSize: DATASET_PAGE_SIZE,
          },
        }),
      providesTags: (result) => [
        LIST,
        ...(result?.items.map((d) => ({ type: 'Dataset' as const, id: d.id })) ?? []),
      ],
    }),
    /** One dataset with every release, newest first (the older releases of a card). */
    getDatasetDetail: build.query<RouteReply<typeof getDataset>, string>({
      query: (id) => routeRequest(getDataset, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Dataset', id }],
    }),
    createDataset: build.mutation<RouteReply<typeof postDataset>, DatasetInput>({
      query: (body) => routeRequest(postDataset, { body }),
      invalidatesTags: (result) => (result ? [LIST, SUMMARY] : []),
    }),
    updateDataset: build.mutation<RouteReply<typeof putDataset>, { id: string; body: DatasetInput }>({
      query: ({ id, body }) => routeRequest(putDataset, { params: { id }, body }),
      invalidatesTags: (result, _error, { id }) => (result ? [LIST, { type: 'Dataset', id }] : []),
    }),
    /**
     * Starts a build in the background; the card then polls until it is published or failed. With `base`, a
     * delta of that published release: only what is new since.
     */
    publishRelease: build.mutation<RouteReply<typeof postRelease>, { id: string; base?: number }>({
      query: ({ id, base }) =>
        routeRequest(postRelease, { params: { id }, query: base === undefined ? {} : { base } }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Dataset', id }],
    }),
    getReleaseSummary: build.query<RouteReply<typeof getRelease>, ReleaseArgs>({
      query: ({ id, version }) => routeRequest(getRelease, { params: { id, version: String(version) } }),
      providesTags: (_result, _error, { id, version }) => [{ type: 'Release', id: `${id}/${version}` }],
    }),
    getReleaseStatistics: build.query<RouteReply<typeof getReleaseStatistics>, ReleaseArgs>({
      query: ({ id, version }) =>
        routeRequest(getReleaseStatistics, { params: { id, version: String(version) } }),
      providesTags: (_result, _error, { id, version }) => [
        { type: 'Release', id: `${id}/${version}/statistics` },
      ],
    }),
    /** A published release's datasheet figures, citation and layout (the details panel's "Use it" box). */
    getReleaseDatasheet: build.query<RouteReply<typeof getReleaseDatasheet>, ReleaseArgs>({
      query: ({ id, version }) =>
        routeRequest(getReleaseDatasheet, { params: { id, version: String(version) } }),
      // Under the dataset's tag too: accepting its licence (which may have been refused here) reads it again.
      providesTags: (_result, _error, { id, version }) => [
        { type: 'Release', id: `${id}/${version}/datasheet` },
        { type: 'Dataset', id },
      ],
    }),
    /** Both promises of the licence dialog; remembered per person and dataset. */
    acceptLicence: build.mutation<RouteReply<typeof postLicenceAcceptance>, string>({
      query: (id) =>
        routeRequest(postLicenceAcceptance, {
          params: { id },
          body: { acceptLicence: true, noReidentification: true },
        }),
      invalidatesTags: (result, _error, id) => (result ? [LIST, { type: 'Dataset', id }] : []),
    }),
    getDownloadHistory: build.query<RouteReply<typeof getDownloadHistory>, number>({
      query: (page) =>
        routeRequest(getDownloadHistory, { query: { page, pageSize: DOWNLOAD_HISTORY_PAGE_SIZE } }),
      providesTags: ['Download'],
    }),
  }),
});

/** What changes once a download has started: the cards' figures, the summary and the person's history. */
export const afterDownloadTags = ['Download', LIST, SUMMARY] as const;

export const {
  useGetDatasetsSummaryQuery,
  useGetDatasetPageQuery,
  useGetDatasetDetailQuery,
  useCreateDatasetMutation,
  useUpdateDatasetMutation,
  usePublishReleaseMutation,
  useGetReleaseSummaryQuery,
  useGetReleaseStatisticsQuery,
  useGetReleaseDatasheetQuery,
  useAcceptLicenceMutation,
  useGetDownloadHistoryQuery,
} = releasesApi;
