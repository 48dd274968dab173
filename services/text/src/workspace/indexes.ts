import type { CollectionIndexes } from '@platform/service-kit';
import { NOTIFICATION_INDEXES } from '../notifications/notify';
import { PROJECT_INDEXES } from '../projects/project-store';
import { TASK_INDEXES } from '../tasks/task-store';

/** Projects, tasks and notifications. */
export const WORKSPACE_INDEXES: CollectionIndexes[] = [PROJECT_INDEXES, TASK_INDEXES, NOTIFICATION_INDEXES];
