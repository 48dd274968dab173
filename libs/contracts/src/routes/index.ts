import type { RouteDeclaration } from '../route';
import * as analytics from './analytics';
import * as audio from './audio';
import * as apiTokens from './api-tokens';
import * as audioPairs from './audio-pairs';
import * as auth from './auth';
import * as contact from './contact';
import * as datasetUploads from './dataset-uploads';
import * as datasets from './datasets';
import * as internal from './internal';
import * as projects from './projects';
import * as publicSite from './public-site';
import * as recordings from './recordings';
import * as resumableUploads from './resumable-uploads';
import * as review from './review';
import * as sentences from './sentences';
import * as settings from './settings';
import * as storage from './storage';
import * as tasks from './tasks';
import * as textPairs from './text-pairs';
import * as user from './user';

export * from './analytics';
export * from './audio';
export * from './api-tokens';
export * from './audio-pairs';
export * from './auth';
export * from './contact';
export * from './dataset-uploads';
export * from './datasets';
export * from './internal';
export * from './projects';
export * from './public-site';
export * from './recordings';
export * from './resumable-uploads';
export * from './review';
export * from './sentences';
export * from './settings';
export * from './storage';
export * from './tasks';
export * from './text-pairs';
export * from './user';

const isDeclaration = (value: unknown): value is RouteDeclaration =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'owner' in value;

/** Every HTTP call of the platform, from every resource file. */
export const ROUTES: readonly RouteDeclaration[] = [
  analytics,
  audio,
  apiTokens,
  audioPairs,
  auth,
  contact,
  datasetUploads,
  datasets,
  internal,
  projects,
  publicSite,
  recordings,
  resumableUploads,
  review,
  sentences,
  settings,
  storage,
  tasks,
  textPairs,
  user,
].flatMap((resource) => Object.values(resource).filter(isDeclaration));
