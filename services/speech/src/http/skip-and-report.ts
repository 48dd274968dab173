import type { Identity, MarkReply } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';

/** A person's report, as stored with their mark until the text service (which owns the item) is told. */
export interface ReportMark<Reason extends string> {
  reason: Reason;
  /** The sync passes the report on to the text service, then clears this. */
  flagPending: true;
  details?: string;
}

/** Records a person's skip or report of one item (a sentence, a text pair); refuses an unknown item. */
export type MarkItem<Reason extends string> = (
  userId: string,
  id: string,
  kind: 'skipped' | 'reported',
  extra?: ReportMark<Reason>,
) => Promise<void>;

interface MarkRequest {
  identity: Identity;
  params: { id: string };
}

/** POST …/:id/skip: the item is not offered to this person again. */
export const skipHandler =
  <Reason extends string>(mark: MarkItem<Reason>) =>
  async (request: MarkRequest): Promise<MarkReply> => {
    await mark(request.identity.id, request.params.id, 'skipped');
    return { id: request.params.id, ok: true as const };
  };

/** POST …/:id/report: remembered like a skip, and passed on to the text service by the sync. */
export const reportHandler =
  <Reason extends string>(mark: MarkItem<Reason>) =>
  async (request: MarkRequest & { body: { reason: Reason; details?: string } }): Promise<MarkReply> => {
    const { reason } = request.body;
    const details = request.body.details?.trim();
    if (reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
    await mark(request.identity.id, request.params.id, 'reported', {
      reason,
      flagPending: true,
      ...(details ? { details } : {}),
    });
    return { id: request.params.id, ok: true as const };
  };
