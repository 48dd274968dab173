import type { CollectionIndexes } from '@platform/service-kit';
import { NOTIFICATION_INDEXES } from '../notifications/store';
import { PROJECT_INDEXES } from '../projects/store';
import { TASK_INDEXES } from '../tasks/store';

/** Projects, tasks and notifications. */
export const WORKSPACE_INDEXES: CollectionIndexes[] = [PROJECT_INDEXES, TASK_INDEXES, NOTIFICATION_INDEXES];
