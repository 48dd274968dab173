export { api, sharedTagTypes, withTagTypes, MAX_RETRIES, shouldRetry } from './api';
export { routeRequest, type RouteArgs } from './route-request';
export { readApiError, type ApiError } from './api-error';
export type { SharedTagType } from './api';
export { rootReducer, createPlatformStore } from './store';
export type { RootState, PlatformStore, AppDispatch, LazyLoadedSlices } from './store';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export * from './auth';
export * from './redux';
export {
  uploadWithProgress,
  type UploadAnswer,
  type UploadOptions,
  type UploadProgress,
} from './upload-with-progress';
