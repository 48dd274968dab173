// The platform's fixed lists and the helpers around them, as plain values (no schema, no TypeBox): the
// browser's first load takes them from @platform/contracts/client, and the schemas beside them
// (languages.ts, identity.ts, sentences.ts, review.ts, ...) build their unions from these same lists.

import { EMAIL_TLD_MAX_LETTERS, EMAIL_TLD_MIN_LETTERS } from './limits';

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

/** Ours: the validated hours each language's progress bar on /languages aims at. */
export const LANGUAGE_GOAL_HOURS: Readonly<Record<LanguageCodeValue, number>> = {
  yo: 1000,
  en: 1000,
  ha: 1000,
  ig: 1000,
  pcm: 500,
};

/** The language a person records in until they choose another. */
export const DEFAULT_LANGUAGE: LanguageCodeValue = 'yo';

export const isLanguageCode = (value: unknown): value is LanguageCodeValue =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export function languageName(code: LanguageCodeValue): string {
  return LANGUAGES.find((l) => l.code === code)!.name;
}

/** The Yoruba dialects a donor speaks on Donate Your Voice (SPEC §3). */
export const DIALECTS = ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'] as const;

export const ROLES = ['contributor', 'reviewer', 'researcher', 'manager', 'admin'] as const;
/** Who decides what others contributed (donated pairs): reviewers, and managers and admins above them. */
export const REVIEWING_ROLES = ['reviewer', 'manager', 'admin'] as const;
/** Who creates and runs projects and tasks. */
export const MANAGING_ROLES = ['manager', 'admin'] as const;
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

/** What a dataset is in: one of the platform's languages, or several. */
export const DATASET_LANGUAGES = ['yo', 'en', 'ha', 'ig', 'pcm', 'multiple'] as const;

/** A dataset's category: the text categories (SPEC's category filter). */
export const DATASET_CATEGORIES = TEXT_CATEGORIES;

export const DATASET_LICENSES = [
  'CC0-1.0',
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'CC-BY-NC-4.0',
  'CC-BY-NC-SA-4.0',
] as const;

/** How each licence is written on a badge. */
export const DATASET_LICENSE_LABELS: Record<(typeof DATASET_LICENSES)[number], string> = {
  'CC0-1.0': 'CC0',
  'CC-BY-4.0': 'CC BY 4.0',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0',
  'CC-BY-NC-4.0': 'CC BY-NC 4.0',
  'CC-BY-NC-SA-4.0': 'CC BY-NC-SA 4.0',
};

/**
 * What a dataset draws from: validated Speak recordings, approved paired voice donations, approved
 * sentences, approved English–Yoruba text pairs.
 */
export const DATASET_SOURCES = ['recordings', 'audio-pairs', 'sentences', 'text-pairs'] as const;

export const RELEASE_STATUSES = ['building', 'published', 'failed'] as const;

/** The three downloads of a release (the SPEC's download menu, in its order). */
export const RELEASE_ARTIFACTS = ['metadata.json', 'audio.zip', 'complete.zip'] as const;

/** The splits of a release's Common Voice layout (speaker-disjoint). */
export const RELEASE_SPLITS = ['train', 'dev', 'test'] as const;

/** A dataset upload's declared kind of file; the content must be one (SPEC §5). */
export const DATASET_UPLOAD_TYPES = ['csv', 'json', 'dicom'] as const;
export const DATASET_UPLOAD_STATUSES = ['uploading', 'completed', 'failed'] as const;
/** What an uploaded CSV or JSON holds, when it can be imported into the review queue. */
export const DATASET_UPLOAD_IMPORT_KINDS = ['sentences', 'text-pairs'] as const;
/** The file part of POST /api/uploads. */
export const DATASET_UPLOAD_FILE_FIELD = 'file';

/**
 * A project's stored status is only whether it is archived; what the badge says is computed from its targets,
 * pace and due date (SPEC §4: active shows On Track, at-risk At Risk, delayed Delayed, completed Completed).
 */
export const PROJECT_STATUSES = ['active', 'at-risk', 'delayed', 'completed'] as const;

/**
 * What a project or task target counts, each from stored decisions: validated Speak recordings, approved
 * paired voice donations, approved English–Yoruba text pairs, approved written sentences; and, for tasks,
 * the reviews a person gives (sentence and pair reviews plus Listen votes).
 */
export const TARGET_KINDS = ['recordings', 'donations', 'text-pairs', 'sentences', 'reviews'] as const;

/**
 * A task's stored state: todo until its assignee starts it; Start and Pause move between active and paused;
 * completed when its target is reached or its assignee marks it done. Overdue is not stored: an open task
 * past its due date.
 */
export const TASK_STATES = ['todo', 'active', 'paused', 'completed'] as const;
/** The task list's status filter and summary cards (SPEC §3: Active, Completed, Overdue). */
export const TASK_STATUS_FILTERS = ['active', 'completed', 'overdue'] as const;
export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
/** What an assignee may do to their task's state (the SPEC's Start and Pause, and marking it done). */
export const TASK_STATE_ACTIONS = ['start', 'pause', 'complete'] as const;

/** Analytics periods and their buckets (SPEC §9): week 7 daily, month 4 weekly, quarter 3 monthly, year 4 quarterly. */
export const CHART_PERIODS = ['week', 'month', 'quarter', 'year'] as const;

export const PROFICIENCIES = ['beginner', 'intermediate', 'advanced', 'native'] as const;
export const DIGEST_FREQUENCIES = ['realtime', 'daily', 'weekly', 'never'] as const;
/** Settings → Notifications: the four toggles (SPEC §3), all on by default. */
export const NOTIFICATION_TOGGLES = ['email', 'taskAssignments', 'taskReminders', 'projectUpdates'] as const;

/** Optional speaker details a release may carry (Common Voice's columns). */
export const AGE_RANGES = [
  'teens',
  'twenties',
  'thirties',
  'forties',
  'fifties',
  'sixties',
  'seventies-plus',
] as const;
export const GENDERS = ['female', 'male', 'other'] as const;

/** What an in-app notification is about; the digest mail groups them the same way. */
export const NOTIFICATION_KINDS = ['assignment', 'reminder', 'project-update', 'shared-task'] as const;

/**
 * A character of an address as plain text: never whitespace, a control character, an at-sign, or one of the
 * characters a mail library's address parser reads as structure (quotes, comments, angle brackets, lists,
 * groups, domain literals, escapes). `"1"<victim@example.org>` or `a,victim@example.org` would otherwise pass
 * as one address and be delivered to someone else.
 */
const ADDRESS_TEXT = String.raw`[^\s@"(),:;<>\[\]\\\x00-\x1f\x7f]`;

/**
 * The one rule for an e-mail address, wherever the platform takes one: a plain address (no display name,
 * comment, group or list), one at-sign, a dot after it. The browser's forms and the request schemas check
 * it; the gateway, which mails, also has the mail library parse the address to exactly itself.
 */
export const PLAIN_EMAIL_PATTERN = `^${ADDRESS_TEXT}+@${ADDRESS_TEXT}+\\.${ADDRESS_TEXT}+$`;

/** The contact form and the newsletter box: a plain address (SPEC §5: no spaces, one at-sign, a dot after it). */
export const CONTACT_EMAIL_PATTERN = PLAIN_EMAIL_PATTERN;

/** Accounts (sign-up, sign-in, a change of address): a plain address with SPEC §5's 2-4 letter top-level part. */
export const EMAIL_PATTERN = `^${ADDRESS_TEXT}+@${ADDRESS_TEXT}+\\.[A-Za-z]{${EMAIL_TLD_MIN_LETTERS},${EMAIL_TLD_MAX_LETTERS}}$`;

/** The contact form's interests, in the SPEC's order (the first is the default). Sent as written here. */
export const CONTACT_INTERESTS = [
  'Contributing speech data',
  'Validating submissions',
  'Accessing the dataset for research',
  'Enterprise partnership',
  'Other inquiry',
] as const;
