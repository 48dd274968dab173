import type { ActivityKind, LanguageCode, ReviewKind } from '@platform/contracts';
import type { ActivityEvent } from '@platform/service-kit';

/**
 * Text pairs are English–Yoruba and carry no language field: every pair event is counted under 'yo', the
 * target side the contributor wrote or checked, so a Yoruba project's progress includes its pairs.
 */
export const PAIR_LANGUAGE: LanguageCode = 'yo';

/** The kinds a review item's events are counted as. */
export const ITEM_KINDS: Record<
  ReviewKind,
  { added: ActivityKind; approved: ActivityKind; rejected: ActivityKind }
> = {
  sentence: { added: 'sentences.written', approved: 'sentences.approved', rejected: 'sentences.rejected' },
  pair: { added: 'pairs.added', approved: 'pairs.approved', rejected: 'pairs.rejected' },
};

/** The language an item's events count under: a sentence's own, a pair's target side. */
export const itemLanguage = (kind: ReviewKind, language: LanguageCode | undefined): LanguageCode =>
  kind === 'pair' ? PAIR_LANGUAGE : (language ?? PAIR_LANGUAGE);

/** The events of items just added (written sentences, added pairs), under their authors, at their creation. */
export function addedEvents(
  kind: ReviewKind,
  items: ReadonlyArray<{ authorId?: string; language?: LanguageCode; createdAt: Date }>,
): ActivityEvent[] {
  return items.flatMap((item) =>
    item.authorId
      ? [
          {
            kind: ITEM_KINDS[kind].added,
            userId: item.authorId,
            language: itemLanguage(kind, item.language),
            at: item.createdAt,
          },
        ]
      : [],
  );
}
