import { Type, type Static } from '@sinclair/typebox';
import { TEXT_PAIR_MAX_LENGTH } from './limits';
import { SentenceChangesQuery, SentenceStatus } from './sentences';
import { Id, StrictObject } from './schema-helpers';
import { TEXT_CATEGORIES } from './vocabularies';

export const TextCategory = Type.Union(TEXT_CATEGORIES.map((c) => Type.Literal(c)));
export type TextCategory = Static<typeof TextCategory>;

/*
 * Blank sides, sides over TEXT_PAIR_MAX_LENGTH characters and letters outside a side's language are refused
 * by the text service with their own codes; the schema only bounds the request's size.
 */
const Side = Type.String({ maxLength: TEXT_PAIR_MAX_LENGTH * 4 });

/**
 * POST /api/text/add. The SPEC's client sends a placeholder user_id; the pair belongs to the person in the
 * signed identity, so the field is accepted for compatibility and ignored.
 */
export const TextPairAddBody = StrictObject({
  source_lang_text: Side,
  target_lang_text: Side,
  text_category: TextCategory,
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()])),
});
export type TextPairAddBody = Static<typeof TextPairAddBody>;

/** A text pair as listed: English (source) and Yoruba (target). */
export const TextPair = StrictObject({
  text_id: Id,
  source_lang_text: Type.String(),
  target_lang_text: Type.String(),
  text_category: TextCategory,
});
export type TextPair = Static<typeof TextPair>;

/** A pair taken in: it waits for review before it is listed for voice donations. */
export const TextPairAddReply = StrictObject({ ...TextPair.properties, status: SentenceStatus });
export type TextPairAddReply = Static<typeof TextPairAddReply>;

export const TEXT_PAIR_PAGE_MAX = 200;

/** GET /api/text-audio-pairs?limit=N&after=<text_id>: approved pairs, oldest first, a page at a time. */
export const TextPairListQuery = StrictObject({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TEXT_PAIR_PAGE_MAX, default: 50 })),
  /** The last text_id of the previous page. */
  after: Type.Optional(Id),
});
export type TextPairListQuery = Static<typeof TextPairListQuery>;

export const TextPairList = Type.Array(TextPair);
export type TextPairList = Static<typeof TextPairList>;

/** Internal, text -> speech: GET /internal/text-pairs/changes?after=<seq>&limit=N (as for sentences). */
export const TextPairChangesQuery = SentenceChangesQuery;
export type TextPairChangesQuery = Static<typeof TextPairChangesQuery>;
export const TextPairChange = StrictObject({
  ...TextPair.properties,
  status: SentenceStatus,
  seq: Type.Integer({ minimum: 1 }),
});
export type TextPairChange = Static<typeof TextPairChange>;
export const TextPairChangesReply = StrictObject({
  items: Type.Array(TextPairChange),
  last: Type.Integer({ minimum: 0 }),
});
export type TextPairChangesReply = Static<typeof TextPairChangesReply>;
