/** Business limits from SPEC §9 (and the few the platform adds, marked as ours), named once. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
/** Ours: bounds the work a password hash does for one request. */
export const PASSWORD_MAX_LENGTH = 128;
/** Ours: RFC 5321 bound on a mailbox. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_TLD_MIN_LETTERS = 2;
export const EMAIL_TLD_MAX_LETTERS = 4;
export const SESSION_MAX_AGE_SECONDS = 3600;
export const SESSION_COOKIE_NAME = 'plt';
export const VERIFICATION_LINK_TTL_HOURS = 24;

export const SENTENCE_BATCH_MAX = 20;
export const SENTENCE_BULK_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Ours: the sentences one bulk file may hold (a 2 MB file of real sentences holds about 30,000). */
export const SENTENCE_BULK_MAX_LINES = 100_000;
export const SENTENCE_MAX_WORDS_EXCLUSIVE = 15;
export const SENTENCE_DOMAINS_MAX = 3;
/** Ours: a sentence of fewer than 15 words fits easily. */
export const SENTENCE_MAX_LENGTH = 500;
export const CITATION_MAX_LENGTH = 500;
export const DOMAIN_MAX_LENGTH = 100;

export const DEFAULT_ROUND_SIZE = 5;
/** A sentence with this many recordings is no longer offered for recording. */
export const MAX_RECORDINGS_PER_SENTENCE = 15;
export const RECORDING_MAX_BYTES = 5 * 1024 * 1024;
export const RECORDING_MIN_SECONDS = 1;
export const RECORDING_MAX_SECONDS = 15;

/** Each side of a text pair: a sentence or a short paragraph. */
export const TEXT_PAIR_MAX_LENGTH = 500;
/** A sentence or text pair is decided by this many agreeing reviews, when they outnumber the others. */
export const REVIEW_DECISION_MIN = 2;
export const AUDIO_PAIR_PAGE_SIZE = 5;
export const AUDIO_PAIR_PAGE_SIZE_MAX = 50;
/** Each side of a donated pair: a WAV of at most 10 MB, 1 to 30 seconds of sound. */
export const AUDIO_PAIR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIO_PAIR_MIN_SECONDS = 1;
export const AUDIO_PAIR_MAX_SECONDS = 30;
export const DATA_REQUEST_RETRIES = 1;
export const TOAST_DISMISS_MS = 5000;

/** Ours: contact form free-text bounds. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_LANGUAGES_MAX_LENGTH = 500;
/** Ours: contact inquiries and newsletter sign-ups one client may send per window (then 429). */
export const CONTACT_RATE_LIMIT_MAX = 5;
export const CONTACT_RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
export const INQUIRY_PAGE_SIZE = 20;
/** A newsletter confirmation link works this long. */
export const NEWSLETTER_CONFIRM_HOURS = 72;
/** 'Active Contributors': people who contributed anything in this many days up to now. */
export const ACTIVE_CONTRIBUTOR_DAYS = 30;
/** SPEC §9: the landing counters count up over 2 s in 16 ms steps, each 0.1 s after the one before. */
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEP_MS = 16;
export const COUNTER_STAGGER_MS = 100;
/** SPEC §9: the landing header shrinks past 50 px of scroll; in-page anchors land 80 px below the top. */
export const HEADER_SCROLLED_PX = 50;
export const ANCHOR_OFFSET_PX = 80;

/** SPEC §9: a download stays available this long; after it the person requests the dataset again. */
export const DOWNLOAD_AVAILABILITY_DAYS = 30;
export const DATASET_NAME_MAX_LENGTH = 120;
export const DATASET_DESCRIPTION_MAX_LENGTH = 2000;
export const DATASET_TAGS_MAX = 10;
export const DATASET_TAG_MAX_LENGTH = 40;
export const DATASET_PAGE_SIZE = 20;
export const DATASET_PAGE_SIZE_MAX = 100;
export const DOWNLOAD_HISTORY_PAGE_SIZE = 20;
/** Ours: API tokens a person may hold at once, and how many calls one token may make a minute. */
export const API_TOKENS_MAX = 10;
export const API_TOKEN_NAME_MAX_LENGTH = 60;
export const API_TOKEN_RATE_LIMIT_PER_MINUTE = 120;
/** Ours: the largest dataset upload (streamed into storage, never held whole). */
export const DATASET_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH = 500;
export const DATASET_UPLOAD_PAGE_SIZE = 10;
/** Rows imported from one upload into the review queue (as many as a bulk Write file could hold). */
export const DATASET_UPLOAD_IMPORT_MAX_ROWS = 5000;
/** Ours: the deepest nesting a JSON upload may have (its parser keeps one entry per open bracket). */
export const DATASET_UPLOAD_JSON_MAX_DEPTH = 64;

export const PROJECT_NAME_MAX_LENGTH = 120;
export const PROJECT_CLIENT_MAX_LENGTH = 120;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
/** Ours: a project has one target per kind and language at most, and a handful of them. */
export const PROJECT_TARGETS_MAX = 10;
export const PROJECT_MEMBERS_MAX = 200;
export const TARGET_COUNT_MAX = 10_000_000;
export const TASK_DESCRIPTION_MAX_LENGTH = 500;
export const WORKSPACE_PAGE_SIZE = 20;
export const WORKSPACE_PAGE_SIZE_MAX = 100;
/** A project whose first day has not passed yet is On Track whatever its pace (too soon to judge). */
export const PROJECT_PACE_MIN_DAYS = 1;
/** Reminders go out for open tasks due within this many hours. */
export const TASK_REMINDER_HOURS = 24;

export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Top bar suggestions per kind. */
export const SEARCH_RESULTS_MAX = 5;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const FULL_NAME_MAX_LENGTH = 41;
export const BIO_MAX_LENGTH = 500;
export const ACCENT_MAX_LENGTH = 60;
export const PROFILE_LANGUAGES_MAX = 10;
/** An avatar upload is at most 2 MB in; the server stores it re-encoded at AVATAR_SIZE_PX square. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
/** The widest and tallest avatar image taken (checked from its header, before it is decoded). */
export const AVATAR_MAX_INPUT_SIDE_PX = 4096;
export const AVATAR_FILE_FIELD = 'avatar';
export const NOTIFICATIONS_PAGE_SIZE = 20;
