import {
  AUTH_MESSAGES,
  BROWSER_ERROR_MESSAGES,
  RECORDING_MESSAGES,
  REPORT_DETAILS_REQUIRED_MESSAGE,
} from './messages';

/**
 * Every error code the platform answers with, and its English message. Screens look a code up in their
 * catalogue; the English here is the source text and what the server sends as `message`.
 */
export const ERROR_MESSAGES = {
  // Shaped by the error handler for every route.
  'validation.failed': 'The request is not valid.',
  'request.malformed': 'The request could not be read.',
  'request.too_large': 'The request is too large.',
  'request.unsupported_media_type': 'This kind of content is not accepted here.',
  'request.bad_path_encoding': 'The request path is not validly encoded.',
  'request.bad_target': 'The request address is not in a form this site accepts.',
  'route.not_found': 'There is nothing at this address.',
  'rate_limit.exceeded': AUTH_MESSAGES.tooManyRequests,
  'server.internal': BROWSER_ERROR_MESSAGES['server.internal'],
  'server.busy': 'The server is busy. Please try again in a few seconds.',
  'database.unavailable': 'The database is not reachable right now. Please try again later.',
  'service.unavailable': 'A service is unavailable. Please try again later.',
  'service.timeout': 'A service did not answer in time. Please try again later.',
  'site.not_built': 'The site has not been built yet. Run `npm run build` and reload.',

  // A contribution sent again with its Idempotency-Key (a retry after a lost answer).
  'idempotency.key_invalid': 'The Idempotency-Key header must be 8 to 200 printable ASCII characters.',
  'idempotency.key_reused': 'This retry does not match the contribution first sent with its key.',
  'idempotency.in_progress': 'This contribution is still being stored. Try again in a moment.',

  // Who may call: enforced from each route's declared access.
  'identity.missing': 'You need to be signed in to do this.',
  'identity.malformed': 'The identity sent with this request is malformed.',
  'identity.stale': 'The identity sent with this request has expired.',
  'identity.bad_signature': 'The identity sent with this request is not validly signed.',
  'access.role_forbidden': 'Your role does not allow this.',
  'access.service_only': 'Only platform services may call this.',
  'origin.cross_site': AUTH_MESSAGES.crossOrigin,

  // Accounts (/auth): the SPEC's words.
  'auth.firstname_required': AUTH_MESSAGES.firstnameRequired,
  'auth.lastname_required': AUTH_MESSAGES.lastnameRequired,
  'auth.name_too_short': AUTH_MESSAGES.tooShort,
  'auth.name_too_long': AUTH_MESSAGES.tooLong,
  'auth.email_required': AUTH_MESSAGES.emailRequired,
  'auth.email_invalid': AUTH_MESSAGES.emailInvalid,
  'auth.password_required': AUTH_MESSAGES.passwordRequired,
  'auth.password_rule': AUTH_MESSAGES.passwordRule,
  'auth.password_too_long': AUTH_MESSAGES.passwordTooLong,
  'auth.role_invalid': AUTH_MESSAGES.roleInvalid,
  'auth.admin_not_allowed': AUTH_MESSAGES.adminNotAllowed,
  'auth.email_taken': AUTH_MESSAGES.emailTaken,
  'auth.not_verified': AUTH_MESSAGES.notVerified,
  'auth.incorrect_password': AUTH_MESSAGES.incorrectPassword,
  'auth.too_many_signins': AUTH_MESSAGES.tooManySignins,
  'auth.not_signed_in': AUTH_MESSAGES.notSignedIn,
  'auth.link_expired': AUTH_MESSAGES.linkExpired,
  'auth.link_invalid': AUTH_MESSAGES.linkInvalid,
  'auth.resend_needs_email': AUTH_MESSAGES.resendNeedsEmail,

  // Speak and Listen.
  'sentence.unknown': RECORDING_MESSAGES.unknownSentence,
  'report.details_required': REPORT_DETAILS_REQUIRED_MESSAGE,
  'recording.unknown': RECORDING_MESSAGES.unknownRecording,
  'recording.too_large': RECORDING_MESSAGES.tooLarge,
  'recording.bad_duration': RECORDING_MESSAGES.badDuration,
  'recording.silent': RECORDING_MESSAGES.silent,
  'recording.unsupported': RECORDING_MESSAGES.unsupported,
  'recording.unreadable': 'The recording could not be read.',
  'recording.missing_audio': RECORDING_MESSAGES.missingAudio,
  'recording.missing_sentence': RECORDING_MESSAGES.missingSentence,
  'recording.not_multipart': RECORDING_MESSAGES.notMultipart,
  'recording.unknown_field': 'The upload has a field that is not expected.',
  'recording.one_at_a_time': 'Send one recording at a time.',
  'recording.too_many_fields': 'The upload has too many fields.',
  'recording.sentence_full': RECORDING_MESSAGES.sentenceFull,
  'recording.already_recorded': RECORDING_MESSAGES.alreadyRecorded,
  'recording.own_recording': RECORDING_MESSAGES.ownRecording,
  'recording.already_voted': RECORDING_MESSAGES.alreadyVoted,
  'recording.already_decided': RECORDING_MESSAGES.alreadyDecided,
  'recording.decided': RECORDING_MESSAGES.decided,
  'recording.no_vote': RECORDING_MESSAGES.noVote,
  'audio.not_found': 'No such audio.',
  'audio.range_unsatisfiable': 'The requested range is outside the audio.',

  // Write: the rules every sentence meets (the SPEC's guidance, enforced by the text service).
  'sentence.empty': 'Please enter a sentence',
  'sentence.too_many_words': 'A sentence must have fewer than 15 words.',
  'sentence.has_digits': 'Write numbers out in words: a sentence may not contain digits.',
  'sentence.has_link': 'A sentence may not contain a web address or an e-mail address.',
  'sentence.bad_symbols': 'A sentence may contain only letters and ordinary punctuation.',
  'sentence.foreign_letters': 'The sentence has letters that are not in the chosen language.',
  'sentence.needs_tone_marks': 'Yoruba sentences must carry tone marks',
  'sentence.duplicate': 'This sentence is already on the platform.',
  'sentence.repeated': 'This sentence appears more than once in your submission.',
  'sentence.citation_required': 'Please give a citation: where the sentence comes from.',
  'sentence.too_many_domains': 'Choose at most three domains.',
  'sentence.cc0_unconfirmed':
    'Please confirm that the text is in the public domain or your own work, shared under CC0.',
  'sentence.batch_empty': 'Please enter batch sentences',
  'sentence.batch_too_many': 'A batch may have at most 20 sentences.',
  'sentence.file_missing': 'Please select a file to upload',
  'sentence.file_too_large': 'The file is larger than 2 MB.',
  'sentence.file_type': 'The file must be plain text (.txt) or CSV (.csv).',
  'sentence.file_not_utf8': 'The file must be saved as UTF-8 text.',
  'sentence.file_too_many_lines': 'A file may hold at most 100,000 sentences.',
  'sentence.none_accepted': 'None of the sentences could be accepted; nothing was saved.',

  // Review of sentences and text pairs.
  'review.unknown': 'There is no such item to review.',
  'review.own_item': 'You cannot review your own contribution.',
  'review.already_judged': 'You have already reviewed this item.',
  'review.decided': 'This item has already been decided.',
  'review.reason_without_reject': 'A reason can only be given with a rejection.',

  // Add Text Pair.
  'text_pair.english_required': 'Please enter the English text.',
  'text_pair.yoruba_required': 'Please enter the Yoruba text.',
  'text_pair.too_long': 'Each side of a text pair may have at most 500 characters.',
  'text_pair.english_letters': 'The English text has letters that are not English.',
  'text_pair.yoruba_letters': 'The Yoruba text has letters that are not in the Yoruba alphabet.',
  'text_pair.needs_tone_marks': 'Yoruba text must carry tone marks.',
  'text_pair.duplicate': 'This text pair already exists.',

  // Donate Your Voice and View Audio Pairs.
  'audio_pair.missing_file': 'Please record both English and Yoruba audio before submitting.',
  'audio_pair.not_wav': 'Each recording must be a WAV file (16-bit PCM).',
  'audio_pair.too_large': 'Each recording may be at most 10 MB.',
  'audio_pair.bad_duration': 'Each recording must be between 1 and 30 seconds long.',
  'audio_pair.silent': 'A recording is silent. Please record it again.',
  'audio_pair.unknown_text_pair': 'No text pair available.',
  'audio_pair.already_donated': 'You have already donated your voice for this text pair.',
  'audio_pair.unknown': 'There is no such audio pair.',
  'audio_pair.decided': 'This audio pair has already been decided.',
  'audio_pair.unknown_field': 'The donation has a field that is not expected.',
  'audio_pair.not_multipart': 'The donation must be sent as a multipart form.',

  // Datasets, releases, downloads, API tokens and dataset uploads.
  'access.token_forbidden': 'API tokens can only list datasets and download them.',
  'api_token.invalid': 'This API token is not valid or has been revoked.',
  'api_token.limit': 'You already have 10 API tokens. Revoke one before creating another.',
  'api_token.not_found': 'There is no such API token.',
  'dataset.not_found': 'There is no such dataset.',
  'dataset.name_taken': 'A dataset with this name already exists.',
  'release.not_found': 'There is no such release.',
  'release.not_published': 'This release is not published yet.',
  'release.file_not_found': 'This release has no such file.',
  'release.build_running': 'A release of this dataset is already being built.',
  'release.nothing_to_release': 'This dataset has no validated data to release yet.',
  'download.licence_required': 'Please accept the licence terms of this dataset before downloading it.',
  'download.expired': 'This download has expired. Please request the dataset again.',
  'download.not_found': 'There is no such download.',
  'download.range_unsatisfiable': 'The requested range is outside the file.',
  'upload.fields_required': 'Please fill all fields and select a file.',
  'upload.unsupported_type': 'Unsupported file type. Please upload CSV, JSON, or DICOM files.',
  'upload.type_mismatch': 'The file’s content is not of the type chosen.',
  'upload.too_large': 'A dataset file may be at most 100 MB.',
  'upload.empty': 'The file is empty.',
  'upload.not_found': 'There is no such upload.',
  'upload.not_importable': 'This file does not hold sentences or text pairs that can be imported.',
  'upload.already_imported': 'This file has already been imported.',
  'upload.json_too_deep': 'This file is not valid JSON: it is nested more than 64 levels deep.',
  'upload.inspection_failed':
    'This file could not be checked: reading it needs more memory than one upload may use.',
  // Uploads that resume after a dropped connection (Donate's WAVs).
  'upload.offset_mismatch': 'This part of the upload does not start where the bytes already received end.',
  'upload.incomplete': 'This upload is not finished yet: send the rest of its bytes first.',
  'upload.too_many_open':
    'You have too many unfinished uploads. Finish or wait for the ones under way (unused ones are removed after a day).',
  'upload.checksum_mismatch':
    'The uploaded file is not the file announced: its SHA-256 differs. Please send it again.',
  // Every person's storage quota and the data disk's free-space floor, checked before an upload is read.
  'storage.quota_exceeded': 'This upload would take your stored files past your storage quota.',
  'storage.disk_full': 'The platform is short of storage space right now. Please try again later.',
  'storage.length_required': 'Send the upload with its length (a Content-Length header).',

  // Projects and tasks.
  'project.not_found': 'There is no such project.',
  'project.not_manager': 'Only this project’s managers can do this.',
  'project.due_before_start': 'The due date must not be before the start date.',
  'project.target_language': 'A target’s language must be one of the project’s languages.',
  'project.target_repeated': 'Each kind and language may have only one target.',
  'project.member_unknown': 'One of the members has no account.',
  'project.name_taken': 'A project with this name already exists.',
  'task.fields_required': 'Please fill all fields.',
  'task.not_found': 'There is no such task.',
  'task.assignee_not_member': 'The assignee must be a member of the project.',
  'task.not_assignee': 'Only the person this task is assigned to can do this.',
  'task.state_conflict': 'The task cannot do that from its current state.',
  'task.link_not_found': 'This link is not shared any more.',

  // Settings.
  'profile.username_taken': 'This username is already taken.',
  'avatar.not_image': 'Please choose a JPEG, PNG, WebP or GIF image.',
  'avatar.too_large': 'An avatar may be at most 2 MB.',
  'avatar.too_many_pixels': 'An avatar may be at most 4,096 × 4,096 pixels.',
  'avatar.not_found': 'This person has no avatar.',
  'account.password_incorrect': 'The current password is not correct.',
  'account.passwords_differ': 'The new password and confirmation do not match.',
  'account.email_same': 'This is already your e-mail address.',
  'account.not_found': 'There is no such account.',
  'account.admin_role_fixed': 'An admin’s role can only be changed from the command line.',

  // The public site.
  'newsletter.link_invalid': 'This link is not valid any more. Please subscribe again.',

  // Said by the browser when no usable answer came back.
  'network.unreachable': BROWSER_ERROR_MESSAGES['network.unreachable'],
  'request.refused': BROWSER_ERROR_MESSAGES['request.refused'],
  'client.error': BROWSER_ERROR_MESSAGES['client.error'],
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);

const CODE_BY_MESSAGE = new Map<string, ErrorCode>(ERROR_CODES.map((c) => [ERROR_MESSAGES[c], c]));

/** The code whose English message this is (every message stands for one code), if any. */
export const errorCodeOf = (message: string): ErrorCode | undefined => CODE_BY_MESSAGE.get(message);

/**
 * The code for one of the SPEC's account messages (signupProblem and signinProblem answer in words, which
 * the forms show as they are); `validation.failed` for any other text.
 */
export const authCodeFor = (message: string): ErrorCode => errorCodeOf(message) ?? 'validation.failed';

/** Why something was refused, as a person or a script reads it: a stable code and its English sentence. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/**
 * The code and message of an error body, and of each refused line or row of a batch, a file or an import
 * (the same words either way): the code's own message unless a more precise one is given.
 */
export const outcomeOf = (code: ErrorCode, message?: string): Refusal => ({
  code,
  message: message ?? ERROR_MESSAGES[code],
});
