import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';

/**
 * The root reducer. Remotes add their slices at load time with `rootReducer.inject(slice)` (or
 * `slice.injectInto(rootReducer)`), so the shell's bundle never contains another team's state.
 * Slices that remotes inject declare their state shape through `LazyLoadedSlices` module augmentation.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createPlatformStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type PlatformStore = ReturnType<typeof createPlatformStore>;
export type AppDispatch = PlatformStore['dispatch'];
