import type { RouteModule } from '@platform/service-kit';
import type { TextContext } from '../context';
import analytics from './api/analytics';
import notifications from './api/notifications';
import projects from './api/projects';
import publicTasks from './api/public/tasks';
import review from './api/review';
import sentences from './api/sentences';
import sentenceBulk from './api/sentences/bulk';
import tasks from './api/tasks';
import textAdd from './api/text/add';
import textAudioPairs from './api/text-audio-pairs';
import uploads from './api/uploads';
import workspace from './api/workspace';
import internalDigest from './internal/digest';
import internalTextFigures from './internal/public/text-figures';
import internalSentences from './internal/sentences';
import internalTextPairs from './internal/text-pairs';
import internalUsers from './internal/users';

/** Every route module of the text service; the layout test proves the list complete. */
export const ROUTE_MODULES: readonly RouteModule<TextContext>[] = [
  sentences,
  sentenceBulk,
  review,
  textAdd,
  textAudioPairs,
  uploads,
  projects,
  tasks,
  publicTasks,
  notifications,
  workspace,
  analytics,
  internalSentences,
  internalTextPairs,
  internalUsers,
  internalDigest,
  internalTextFigures,
];
