import type { Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import { recordActivity, type ActivityEvent } from '@platform/service-kit';

/**
 * Counts events whose state change has already been stored. A count that fails is logged, not thrown: the
 * person's contribution stands, and failing the request would only make them retry something already done.
 */
export async function countActivity(db: Db, log: FastifyBaseLogger, events: readonly ActivityEvent[]) {
  try {
    await recordActivity(db, events);
  } catch (err) {
    log.error({ err, events }, 'activity not counted');
  }
}
