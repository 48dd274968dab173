import { useSyncExternalStore } from 'react';
import { useAppStore } from '@platform/store';
import { contributionQueueFor, type ContributionQueue, type QueueSnapshot } from './runtime';

/** The page's queue of saved contributions (made on first use) and what it holds now. */
export function useContributionQueue(): { queue: ContributionQueue; snapshot: QueueSnapshot } {
  const queue = contributionQueueFor(useAppStore());
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, snapshot };
}
