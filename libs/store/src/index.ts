export { api, sharedTagTypes, withTagTypes, MAX_RETRIES, shouldRetry } from './api';
export { routeRequest, type RouteArgs } from './route-request';
export { readApiError, type ApiError } from './api-error';
export type { PlatformBaseQuery, SharedTagType } from './api';
export { rootReducer, createPlatformStore } from './store';
export type { RootState, PlatformStore, AppDispatch, LazyLoadedSlices } from './store';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export * from './auth';
export * from './redux';
// Uploads with their progress: @platform/remote-kit/upload (off the first load).
