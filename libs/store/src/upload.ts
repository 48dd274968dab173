// @platform/store/upload: uploads with their progress. Not part of the store's shared entry (built whole on
// every first load, libs/federation/shared-config.js says why): it holds no state, so each build keeps it only
// in the pages that upload.
export {
  uploadMutation,
  type MultipartRoute,
  type UploadMutationOptions,
  type WithProgress,
} from './upload-mutation';
export { useUploadProgress, type UploadProgressState } from './use-upload-progress';
export {
  uploadWithProgress,
  type UploadAnswer,
  type UploadOptions,
  type UploadProgress,
} from './upload-with-progress';
