// The platform's fixed lists and the helpers around them, as plain values (no schema, no TypeBox): the
// browser's first load takes them from @platform/contracts/client, and the schemas beside them
// (languages.ts, identity.ts, sentences.ts, review.ts, ...) build their unions from these same lists.

/** The platform's languages, in one place: code and display name. */
export const LANGUAGES = [
  { code: 'yo', name: 'Yoruba' },
  { code: 'en', name: 'English' },
  { code: 'ha', name: 'Hausa' },
  { code: 'ig', name: 'Igbo' },
  { code: 'pcm', name: 'Nigerian Pidgin' },
] as const;
export type LanguageCodeValue = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly LanguageCodeValue[] = LANGUAGES.map((l) => l.code);

/** The language a person records in until they choose another. */
export const DEFAULT_LANGUAGE: LanguageCodeValue = 'yo';

export const isLanguageCode = (value: unknown): value is LanguageCodeValue =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export function languageName(code: LanguageCodeValue): string {
  return LANGUAGES.find((l) => l.code === code)!.name;
}

/** The Yoruba dialects a donor speaks on Donate Your Voice (SPEC §3). */
export const DIALECTS = ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'] as const;

export const ROLES = ['contributor', 'reviewer', 'researcher', 'admin'] as const;
/** Roles a person may pick at sign-up; admin is only ever granted by a command. */
export const SIGNUP_ROLES = ['contributor', 'reviewer', 'researcher'] as const;

/** Ours: the free text that comes with a report whose reason is 'other'. */
export const REPORT_DETAILS_MAX_LENGTH = 500;

export const SENTENCE_REPORT_REASONS = [
  'offensive',
  'grammar',
  'wrong-language',
  'hard-to-pronounce',
  'other',
] as const;

/** Only 'validated' sentences may be recorded (review decides; the starter set starts validated). */
export const SENTENCE_STATUSES = ['pending', 'validated', 'rejected'] as const;

/** The sentence domains a writer may tag a sentence with (at most SENTENCE_DOMAINS_MAX of them). */
export const SENTENCE_DOMAINS = [
  'general',
  'agriculture-food',
  'health',
  'finance',
  'history-culture',
  'law-government',
  'media',
  'nature',
  'news',
  'technology',
  'education',
  'religion',
] as const;

/** The file part of POST /api/sentences/bulk. */
export const SENTENCE_BULK_FILE_FIELD = 'file';

/** What Review offers: written sentences, or English–Yoruba text pairs. */
export const REVIEW_KINDS = ['sentence', 'pair'] as const;

export const REVIEW_REJECT_REASONS = [
  'grammar',
  'wrong-language',
  'offensive',
  'not-public-domain',
  'other',
] as const;

export const TEXT_CATEGORIES = [
  'conversational',
  'academic',
  'commercial',
  'cultural',
  'linguistic',
] as const;

export const AUDIO_PAIR_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * POST /api/audio/upload is multipart: WAV parts `source_audio_file` (English) and `target_audio_file`
 * (Yoruba) plus the upload fields.
 */
export const AUDIO_PAIR_FILE_FIELDS = ['source_audio_file', 'target_audio_file'] as const;
export type AudioPairFileField = (typeof AUDIO_PAIR_FILE_FIELDS)[number];

export const TEXT_PAIR_REPORT_REASONS = ['offensive', 'wrong-translation', 'spelling', 'other'] as const;

export const RECORDING_REPORT_REASONS = ['offensive', 'wrong-sentence', 'noise', 'other'] as const;

/** POST /api/recordings is multipart: an `audio` file part plus the upload fields (in either order). */
export const RECORDING_FILE_FIELD = 'audio';
