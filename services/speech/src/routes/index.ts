import type { RouteModule } from '@platform/service-kit';
import type { SpeechContext } from '../context';
import analytics from './api/analytics';
import audioPairs from './api/audio/all';
import audioPairDecision from './api/audio';
import donateNext from './api/audio/next';
import donateMarks from './api/audio/pairs';
import audioPairUpload from './api/audio/upload';
import audioPairFromUploads from './api/audio/from-uploads';
import datasets from './api/datasets';
import downloads from './api/downloads';
import publicDemo from './api/public/demo';
import recordings from './api/recordings';
import resumableUploads from './api/resumable-uploads';
import validateBatch from './api/recordings/validate';
import sentences from './api/sentences';
import userPreferences from './api/user/preferences';
import speakerDetails from './api/user/speaker-details';
import userStats from './api/user/stats';
import audioFiles from './audio';
import audioPairFiles from './audio/pairs';
import internalActivity from './internal/activity';
import internalAnalytics from './internal/analytics';
import internalPublic from './internal/public';
import internalUsers from './internal/users';

/** Every route module of the speech service; the layout test proves the list complete. */
export const ROUTE_MODULES: readonly RouteModule<SpeechContext>[] = [
  sentences,
  recordings,
  validateBatch,
  audioFiles,
  audioPairFiles,
  donateNext,
  audioPairUpload,
  resumableUploads,
  audioPairFromUploads,
  donateMarks,
  audioPairs,
  audioPairDecision,
  userStats,
  userPreferences,
  speakerDetails,
  analytics,
  publicDemo,
  datasets,
  downloads,
  internalActivity,
  internalAnalytics,
  internalPublic,
  internalUsers,
];
