import type { Db } from 'mongodb';
import {
  getInternalActivityLanguages,
  postInternalActivitySums,
  SPEECH_ACTIVITY_KINDS,
  TEXT_ACTIVITY_KINDS,
  type ActivityKind,
  type ActivityQuery,
  type LanguageCode,
} from '@platform/contracts';
import { activityLanguages, sumActivity, type ServiceClient } from '@platform/service-kit';

/** What the speech service counts; every other kind is the text service's. */
export const SPEECH_KINDS: ReadonlySet<ActivityKind> = new Set<ActivityKind>(SPEECH_ACTIVITY_KINDS);

/**
 * Sums of daily activity counts whatever service keeps them: each query's text kinds are summed here, its speech
 * kinds by the speech service (one call for all of them), and the two added up.
 */
export interface ActivityReader {
  sums(queries: readonly ActivityQuery[]): Promise<Map<string, number>>;
  /** The languages a person contributed in, text and speech alike. */
  languages(userId: string): Promise<LanguageCode[]>;
}

export function createActivityReader(options: { db: Db; speech: ServiceClient }): ActivityReader {
  const { db, speech } = options;
  return {
    async sums(queries) {
      const local: ActivityQuery[] = [];
      const remote: ActivityQuery[] = [];
      for (const q of queries) {
        const textKinds = q.kinds.filter((k) => !SPEECH_KINDS.has(k));
        const speechKinds = q.kinds.filter((k) => SPEECH_KINDS.has(k));
        if (textKinds.length > 0) local.push({ ...q, kinds: textKinds });
        if (speechKinds.length > 0) remote.push({ ...q, kinds: speechKinds });
      }
      const [mine, theirs] = await Promise.all([
        sumActivity(db, local),
        remote.length > 0
          ? speech.call(postInternalActivitySums, { body: { queries: remote } })
          : Promise.resolve({ sums: [] }),
      ]);
      const sums = new Map<string, number>(queries.map((q) => [q.key, mine.get(q.key) ?? 0]));
      for (const { key, count } of theirs.sums) sums.set(key, (sums.get(key) ?? 0) + count);
      return sums;
    },
    async languages(userId) {
      const [mine, theirs] = await Promise.all([
        activityLanguages(db, userId, TEXT_ACTIVITY_KINDS),
        speech.call(getInternalActivityLanguages, { params: { id: userId } }),
      ]);
      return [...new Set([...mine, ...theirs.languages])].sort();
    },
  };
}
