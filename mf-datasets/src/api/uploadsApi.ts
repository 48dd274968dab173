import { routeRequest } from '@platform/store';
import { uploadMutation } from '@platform/remote-kit/upload';
import { remoteApi } from './remoteApi';
import {
  DATASET_UPLOAD_FILE_FIELD,
  DATASET_UPLOAD_PAGE_SIZE,
  getDatasetUploads,
  getDatasetUploadSummary,
  getStorageUsage,
  postDatasetUpload,
  postDatasetUploadImport,
} from '@platform/contracts/client';
import type { DatasetUploadListQuery, DatasetUploadType, RouteReply } from '@platform/contracts';

/** The history's filters and page, as the page's URL holds them. */
export type UploadPageArgs = Pick<DatasetUploadListQuery, 'q' | 'type' | 'status'> & { page: number };

/** What the upload form sends. */
export interface DatasetFileUpload {
  file: File;
  type: DatasetUploadType;
  description: string;
}

/** The fields first, then the file: the service knows the type chosen before the bytes arrive. */
export function datasetUploadForm({ file, type, description }: DatasetFileUpload): FormData {
  const form = new FormData();
  form.append('type', type);
  form.append('description', description);
  form.append(DATASET_UPLOAD_FILE_FIELD, file, file.name);
  return form;
}

const isConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

/**
 * Dataset Uploads' calls, each built from its declaration in libs/contracts/src/routes/dataset-uploads.ts.
 * The summary and the history share the 'Upload' tag: an upload or an import refreshes both.
 */
export const uploadsApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getDatasetUploadSummary: build.query<RouteReply<typeof getDatasetUploadSummary>, void>({
      query: () => routeRequest(getDatasetUploadSummary, {}),
      providesTags: ['Upload'],
    }),
    getDatasetUploads: build.query<RouteReply<typeof getDatasetUploads>, UploadPageArgs>({
      query: ({ q, type, status, page }) =>
        routeRequest(getDatasetUploads, {
          query: {
            ...(q ? { q } : {}),
            ...(type ? { type } : {}),
            ...(status ? { status } : {}),
            page,
            pageSize: DATASET_UPLOAD_PAGE_SIZE,
          },
        }),
      providesTags: ['Upload'],
    }),
    uploadDatasetFile: uploadMutation(build, postDatasetUpload, {
      toForm: datasetUploadForm,
      invalidates: ['Upload'],
    }),
    // Each upload changes it (the 'Upload' tag); recordings and donations made on other pages do too, so the
    // page reads it again whenever it opens.
    getStorageUsage: build.query<RouteReply<typeof getStorageUsage>, void>({
      query: () => routeRequest(getStorageUsage, {}),
      providesTags: ['Upload'],
    }),
    // A 409 (imported meanwhile, elsewhere) means the history shown is stale: it is read again then too.
    importDatasetUpload: build.mutation<RouteReply<typeof postDatasetUploadImport>, string>({
      query: (id) => routeRequest(postDatasetUploadImport, { params: { id } }),
      invalidatesTags: (result, error) => (result || isConflict(error) ? ['Upload'] : []),
    }),
  }),
});

export const {
  useGetDatasetUploadSummaryQuery,
  useGetDatasetUploadsQuery,
  useGetStorageUsageQuery,
  useUploadDatasetFileMutation,
  useImportDatasetUploadMutation,
} = uploadsApi;
