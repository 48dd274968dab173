import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_INTERESTS, CONTACT_EMAIL_PATTERN } from './vocabularies';
import { LanguageCode } from './languages';
import { EMAIL_MAX_LENGTH, INQUIRY_PAGE_SIZE, WORKSPACE_PAGE_SIZE_MAX } from './limits';
import { Id, StrictObject } from './schema-helpers';

const Count = Type.Integer({ minimum: 0 });
const Hours = Type.Number({ minimum: 0 });
const DateTime = Type.String({ format: 'date-time' });

// ------------------------------------------------------------------------------------------ public figures

/**
 * GET /api/public/stats: the landing page's four counters, computed from stored data for every request.
 */
export const PublicStats = StrictObject({
  /** Languages of the platform with at least one stored contribution (recording, donation, sentence or pair). */
  languages: Count,
  /** Distinct people who contributed anything (recorded, voted, donated, wrote, reviewed) in the last 30 days. */
  activeContributors: Count,
  /** Everything contributed and stored: recordings, donations, sentences and text pairs. */
  dataPoints: Count,
  /** Percent (0–100, one decimal) of decided recordings that were validated; null before any is decided. */
  validationAccuracy: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** When these figures were computed. */
  computedAt: DateTime,
});
export type PublicStats = Static<typeof PublicStats>;

/** One row of /languages. */
export const LanguageFigures = StrictObject({
  language: LanguageCode,
  /** Audio submitted on Speak, in hours, whatever its state. */
  hoursRecorded: Hours,
  /** Audio validated by Listen votes, in hours. */
  hoursValidated: Hours,
  /** Distinct people who recorded in this language. */
  speakers: Count,
  /** Approved sentences waiting to be read in this language. */
  sentences: Count,
  /** Approved English–Yoruba text pairs with a side in this language. */
  textPairs: Count,
  /** The validated hours the progress bar aims at (LANGUAGE_GOAL_HOURS). */
  goalHours: Hours,
});
export type LanguageFigures = Static<typeof LanguageFigures>;

/** GET /api/public/languages: one row per language of LANGUAGES, in that order. */
export const PublicLanguages = StrictObject({
  languages: Type.Array(LanguageFigures),
  computedAt: DateTime,
});
export type PublicLanguages = Static<typeof PublicLanguages>;

/** Internal, gateway → speech: what the speech service stores, per language and in all. */
export const SpeechFigures = StrictObject({
  languages: Type.Array(
    StrictObject({
      language: LanguageCode,
      recordings: Count,
      hoursRecorded: Hours,
      hoursValidated: Hours,
      speakers: Count,
    }),
  ),
  /** Donated English–Yoruba voice pairs (each pair one data point). */
  donations: Count,
  recordingsValidated: Count,
  recordingsRejected: Count,
  /** Ids of the people who recorded, voted or donated in the last ACTIVE_CONTRIBUTOR_DAYS. */
  activeContributors: Type.Array(Id),
});
export type SpeechFigures = Static<typeof SpeechFigures>;

/** Internal, gateway → text: what the text service stores, per language and in all. */
export const TextFigures = StrictObject({
  languages: Type.Array(
    StrictObject({
      language: LanguageCode,
      /** Every stored sentence, whatever its state (data points, languages with data). */
      sentencesStored: Count,
      /** Approved sentences (what /languages calls available). */
      sentencesApproved: Count,
      /** Approved pairs with a side in this language. */
      textPairsApproved: Count,
    }),
  ),
  /** Every stored text pair, whatever its state. */
  textPairsStored: Count,
  /** Ids of the people who wrote, added pairs or reviewed in the last ACTIVE_CONTRIBUTOR_DAYS. */
  activeContributors: Type.Array(Id),
});
export type TextFigures = Static<typeof TextFigures>;

// ---------------------------------------------------------------------------------------------------- demo

/** GET /api/public/demo?language=: one validated recording of a published release, with its sentence. */
export const DemoQuery = StrictObject({ language: Type.Optional(LanguageCode) });
export type DemoQuery = Static<typeof DemoQuery>;

export const DemoClip = StrictObject({
  id: Id,
  sentence: Type.String(),
  language: LanguageCode,
  /** The dataset and release the recording was published in. */
  dataset: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  durationMs: Type.Integer({ minimum: 0 }),
  /** Where anyone (signed out too) can play it: GET /api/public/demo/:id/audio. */
  audioUrl: Type.String(),
});
export type DemoClip = Static<typeof DemoClip>;

/** `clip` is null while nothing is published yet. */
export const DemoReply = StrictObject({ clip: Type.Union([DemoClip, Type.Null()]) });
export type DemoReply = Static<typeof DemoReply>;

export const DemoAudioParams = StrictObject({ id: Id });
export type DemoAudioParams = Static<typeof DemoAudioParams>;

// ---------------------------------------------------------------------------------------------- newsletter

/** POST /api/newsletter: the footer's box. The answer is the same 202 whatever the address's state. */
export const NewsletterBody = StrictObject({
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: CONTACT_EMAIL_PATTERN }),
});
export type NewsletterBody = Static<typeof NewsletterBody>;

export const NewsletterAccepted = StrictObject({ accepted: Type.Literal(true) });
export type NewsletterAccepted = Static<typeof NewsletterAccepted>;

/** The token of a link mailed to the subscriber (confirm, or unsubscribe). */
export const NewsletterTokenBody = StrictObject({
  token: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type NewsletterTokenBody = Static<typeof NewsletterTokenBody>;

export const NewsletterStatus = StrictObject({
  status: Type.Union([Type.Literal('subscribed'), Type.Literal('unsubscribed')]),
});
export type NewsletterStatus = Static<typeof NewsletterStatus>;

// ----------------------------------------------------------------------------------------------- inquiries

export const ContactInterestFilter = Type.Union(CONTACT_INTERESTS.map((i) => Type.Literal(i)));

/** GET /api/admin/inquiries?q=&interest=&page=: newest first; q matches name, e-mail or languages. */
export const InquiryListQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  interest: Type.Optional(ContactInterestFilter),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: WORKSPACE_PAGE_SIZE_MAX, default: INQUIRY_PAGE_SIZE }),
  ),
});
export type InquiryListQuery = Static<typeof InquiryListQuery>;

export const InquiryRow = StrictObject({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  interest: ContactInterestFilter,
  languages: Type.String(),
  createdAt: DateTime,
});
export type InquiryRow = Static<typeof InquiryRow>;

export const InquiryPage = StrictObject({
  items: Type.Array(InquiryRow),
  total: Count,
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type InquiryPage = Static<typeof InquiryPage>;
