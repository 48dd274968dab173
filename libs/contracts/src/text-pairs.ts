import { Type, type Static } from '@sinclair/typebox';
import { TEXT_PAIR_MAX_LENGTH } from './limits';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';

export const TEXT_CATEGORIES = [
  'conversational',
  'academic',
  'commercial',
  'cultural',
  'linguistic',
] as const;
export const TextCategory = Type.Union(TEXT_CATEGORIES.map((c) => Type.Literal(c)));
export type TextCategory = Static<typeof TextCategory>;

/**
 * POST /api/text/add. The SPEC's client sends a placeholder user_id; the service takes the person from the
 * signed identity, so the field is accepted for compatibility and ignored.
 */
export const TextPairAddBody = StrictObject({
  source_lang_text: NonEmptyText(TEXT_PAIR_MAX_LENGTH),
  target_lang_text: NonEmptyText(TEXT_PAIR_MAX_LENGTH),
  text_category: TextCategory,
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()])),
});
export type TextPairAddBody = Static<typeof TextPairAddBody>;

export const TextPair = StrictObject({
  text_id: Id,
  source_lang_text: Type.String(),
  target_lang_text: Type.String(),
  text_category: TextCategory,
});
export type TextPair = Static<typeof TextPair>;

export const TextPairAddReply = TextPair;
export type TextPairAddReply = TextPair;

/** GET /api/text-audio-pairs */
export const TextPairList = Type.Array(TextPair);
export type TextPairList = Static<typeof TextPairList>;
