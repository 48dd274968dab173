import {
  routeRequest,
  uploadWithProgress,
  type FetchBaseQueryError,
  type UploadProgress,
} from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  DATASET_UPLOAD_FILE_FIELD,
  DATASET_UPLOAD_PAGE_SIZE,
  getDatasetUploads,
  getDatasetUploadSummary,
  getStorageUsage,
  postDatasetUpload,
  postDatasetUploadImport,
  routeUrl,
} from '@platform/contracts/client';
import type { DatasetUploadListQuery, DatasetUploadType, RouteReply } from '@platform/contracts';

/** The history's filters and page, as the page's URL holds them. */
export type UploadPageArgs = Pick<DatasetUploadListQuery, 'q' | 'type' | 'status'> & { page: number };

/** What the upload form sends, and where it reports how many bytes have gone. */
export interface DatasetFileUpload {
  file: File;
  type: DatasetUploadType;
  description: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** The fields first, then the file: the service knows the type chosen before the bytes arrive. */
export function datasetUploadForm({ file, type, description }: DatasetFileUpload): FormData {
  const form = new FormData();
  form.append('type', type);
  form.append('description', description);
  form.append(DATASET_UPLOAD_FILE_FIELD, file, file.name);
  return form;
}

// RTK Query invalidates after failed mutations too; a refused upload changes nothing shown.
const uploadsOnSuccess = (result: unknown) => (result ? (['Upload'] as const) : []);
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
    // Sent with XMLHttpRequest (fetch tells nothing of an upload's progress); read like any other call.
    uploadDatasetFile: build.mutation<RouteReply<typeof postDatasetUpload>, DatasetFileUpload>({
      queryFn: async (upload, { signal }) => {
        try {
          const answer = await uploadWithProgress(
            routeUrl(postDatasetUpload.path),
            datasetUploadForm(upload),
            {
              ...(upload.onProgress ? { onProgress: upload.onProgress } : {}),
              signal,
            },
          );
          if (answer.status >= 200 && answer.status < 300) {
            return { data: answer.body as RouteReply<typeof postDatasetUpload> };
          }
          const error: FetchBaseQueryError = { status: answer.status, data: answer.body };
          return { error };
        } catch (thrown) {
          const error: FetchBaseQueryError = { status: 'FETCH_ERROR', error: String(thrown) };
          return { error };
        }
      },
      invalidatesTags: uploadsOnSuccess,
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
