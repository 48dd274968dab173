// @platform/remote-kit/upload: uploads with their progress. Not in @platform/store, whose shared entry is built
// whole into every first load and whose files may ship only as that share's fallback (libs/federation/
// shared-config.js): it holds no state, so each remote bundles it, and only in the pages that upload.
export {
  uploadMutation,
  type MultipartRoute,
  type UploadMutationOptions,
  type WithProgress,
} from './upload-mutation';
export { useUploadProgress, type UploadProgressState } from './use-upload-progress';
export {
  backoffDelay,
  resumableUpload,
  ResumableUploadError,
  type ResumableUploadOptions,
  type ResumableUploadResult,
} from './resumable-upload';
export {
  uploadWithProgress,
  type UploadAnswer,
  type UploadOptions,
  type UploadProgress,
} from './upload-with-progress';
