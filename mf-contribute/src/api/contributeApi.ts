import { routeRequest } from '@platform/store';
import { uploadMutation } from '@platform/remote-kit/upload';
import { remoteApi } from './remoteApi';
import {
  getReviewNext,
  postReviewDecision,
  postReviewVerdict,
  postSentence,
  postSentenceBatch,
  postSentenceBulk,
  SENTENCE_BULK_FILE_FIELD,
  DEFAULT_ROUND_SIZE,
  deleteRecordingVote,
  getRecordingsToValidate,
  getSentenceRound,
  getUserPreferences,
  getUserStats,
  postRecording,
  postRecordingReport,
  postRecordingSkip,
  postRecordingVote,
  postSentenceReport,
  postSentenceSkip,
  putUserPreferences,
  RECORDING_FILE_FIELD,
  IDEMPOTENCY_KEY_HEADER,
} from '@platform/contracts/client';
import type {
  ReviewDecisionBody,
  ReviewKind,
  ReviewVerdictBody,
  SentenceBatchBody,
  SentenceDomain,
  SentenceSubmitBody,
  LanguageCode,
  RecordingReportBody,
  RouteReply,
  SentenceReportBody,
  UserPreferences,
} from '@platform/contracts';

export interface RoundArgs {
  lang: LanguageCode;
  /**
   * Which round this is. It is not sent: a new number makes a new cache entry, so finishing a round
   * always asks the server for a fresh one instead of showing the finished round again.
   */
  round: number;
  /** How many sentences (default a round's 5): Speak asks for more to keep the next rounds on the device. */
  count?: number;
}

export interface BatchArgs {
  /** Same idea as RoundArgs.round: each exhausted batch asks for the next one. */
  batch: number;
  /** How many recordings (default the server's batch): Listen asks for more to keep the next batch. */
  count?: number;
}

export interface RecordingUpload {
  sentenceId: string;
  audio: Blob;
}

/**
 * A contribution's call may carry the key the device made for it: sent as `Idempotency-Key`, so a try
 * repeated after a lost answer is answered as the first one was and stores nothing more.
 */
export interface Keyed {
  idempotencyKey?: string;
}

export const idempotencyHeaders = (key: string | undefined) =>
  key ? { [IDEMPOTENCY_KEY_HEADER]: key } : undefined;

/** A declared route's request with the contribution's key, when it has one. */
function keyed<T extends { headers?: unknown }>(request: T, key: string | undefined): T {
  const headers = idempotencyHeaders(key);
  return headers ? { ...request, headers } : request;
}

/** POST /api/recordings' form: sentenceId first, so the server refuses an unknown sentence before any audio. */
export function recordingForm({ sentenceId, audio }: RecordingUpload): FormData {
  const form = new FormData();
  form.append('sentenceId', sentenceId);
  form.append(RECORDING_FILE_FIELD, audio, fileNameFor(audio));
  return form;
}

/** File name sent with a take; the server sniffs the bytes, so this is only a hint for people and logs. */
export function fileNameFor(audio: Blob): string {
  if (audio.type.includes('ogg')) return 'recording.ogg';
  if (audio.type.includes('wav')) return 'recording.wav';
  return 'recording.webm';
}

/** A file of sentences for POST /api/sentences/bulk, with the fields every sentence in it shares. */
export interface SentenceFileUpload {
  file: File;
  citation: string;
  domain: readonly SentenceDomain[];
  lang: LanguageCode;
  cc0Confirmed: boolean;
}

/** The bulk form: the fields first (the service reads them before the file), then the file. */
export function sentenceFileForm({
  file,
  citation,
  domain,
  lang,
  cc0Confirmed,
}: SentenceFileUpload): FormData {
  const form = new FormData();
  form.append('citation', citation);
  if (domain.length > 0) form.append('domain', domain.join(','));
  form.append('lang', lang);
  form.append('cc0Confirmed', cc0Confirmed ? 'true' : 'false');
  form.append(SENTENCE_BULK_FILE_FIELD, file, file.name);
  return form;
}

export interface ReviewNextArgs {
  kind: ReviewKind;
  /** Same idea as RoundArgs.round: every judged item asks the server for the next one. */
  turn: number;
}

export type ReviewVerdictArgs = { kind: ReviewKind; id: string } & ReviewVerdictBody;
export type ReviewDecisionArgs = { kind: ReviewKind; id: string } & ReviewDecisionBody;

// RTK Query invalidates after failed mutations too; a refused upload or vote changes no figure.
const statsOnSuccess = (result: unknown) => (result ? (['UserStats'] as const) : []);

/**
 * The Speak and Listen calls of SPEC §7 (and our skip, report, undo and preferences), each built from its
 * declaration in libs/contracts (search the declaration's name to find the service's handler).
 */
export const contributeApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<RouteReply<typeof getUserPreferences>, void>({
      query: () => routeRequest(getUserPreferences, {}),
      providesTags: ['User'],
    }),
    savePreferences: build.mutation<RouteReply<typeof putUserPreferences>, UserPreferences>({
      // The screen switches language at once; this only makes the choice last for the next visit. Asking
      // for a round never stores a language, so this call is what remembers it.
      query: (body) => routeRequest(putUserPreferences, { body }),
      // Coming back to Speak in this visit starts in the language picked, not in the cached earlier one.
      async onQueryStarted(_body, { dispatch, queryFulfilled }): Promise<void> {
        try {
          const { data } = await queryFulfilled;
          dispatch(contributeApi.util.upsertQueryData('getPreferences', undefined, data));
        } catch {
          // Not saved: this visit keeps the picked language; the next one starts where the server says.
        }
      },
    }),
    getSentenceRound: build.query<RouteReply<typeof getSentenceRound>, RoundArgs>({
      query: ({ lang, count = DEFAULT_ROUND_SIZE }) => routeRequest(getSentenceRound, { query: { lang, count } }),
      // A round is consumed once; an old one must never come back from the cache.
      keepUnusedDataFor: 0,
      providesTags: ['Sentence'],
    }),
    skipSentence: build.mutation<RouteReply<typeof postSentenceSkip>, string>({
      query: (id) => routeRequest(postSentenceSkip, { params: { id } }),
      invalidatesTags: statsOnSuccess,
    }),
    reportSentence: build.mutation<
      RouteReply<typeof postSentenceReport>,
      { id: string } & SentenceReportBody
    >({
      query: ({ id, ...body }) => routeRequest(postSentenceReport, { params: { id }, body }),
    }),
    // Sent with XMLHttpRequest for its progress, which the queue of saved contributions shows.
    submitRecording: uploadMutation(build, postRecording, {
      toForm: recordingForm,
      invalidates: ['UserStats'],
    }),
    getValidateBatch: build.query<RouteReply<typeof getRecordingsToValidate>, BatchArgs>({
      query: ({ count }) => routeRequest(getRecordingsToValidate, count ? { query: { count } } : {}),
      keepUnusedDataFor: 0,
      providesTags: ['Recording'],
    }),
    vote: build.mutation<RouteReply<typeof postRecordingVote>, { id: string; isValid: boolean } & Keyed>({
      query: ({ id, isValid, idempotencyKey }) =>
        keyed(routeRequest(postRecordingVote, { params: { id }, body: { isValid } }), idempotencyKey),
      invalidatesTags: statsOnSuccess,
    }),
    undoVote: build.mutation<RouteReply<typeof deleteRecordingVote>, string>({
      query: (id) => routeRequest(deleteRecordingVote, { params: { id } }),
      invalidatesTags: statsOnSuccess,
    }),
    skipRecording: build.mutation<RouteReply<typeof postRecordingSkip>, string>({
      query: (id) => routeRequest(postRecordingSkip, { params: { id } }),
      invalidatesTags: statsOnSuccess,
    }),
    reportRecording: build.mutation<
      RouteReply<typeof postRecordingReport>,
      { id: string } & RecordingReportBody
    >({
      query: ({ id, ...body }) => routeRequest(postRecordingReport, { params: { id }, body }),
    }),
    writeSentence: build.mutation<RouteReply<typeof postSentence>, SentenceSubmitBody & Keyed>({
      query: ({ idempotencyKey, ...body }) => keyed(routeRequest(postSentence, { body }), idempotencyKey),
      invalidatesTags: statsOnSuccess,
    }),
    writeSentenceBatch: build.mutation<RouteReply<typeof postSentenceBatch>, SentenceBatchBody & Keyed>({
      query: ({ idempotencyKey, ...body }) =>
        keyed(routeRequest(postSentenceBatch, { body }), idempotencyKey),
      invalidatesTags: statsOnSuccess,
    }),
    uploadSentenceFile: uploadMutation(build, postSentenceBulk, {
      toForm: sentenceFileForm,
      invalidates: ['UserStats'],
    }),
    getReviewNext: build.query<RouteReply<typeof getReviewNext>, ReviewNextArgs>({
      query: ({ kind }) => routeRequest(getReviewNext, { query: { kind } }),
      // An item is judged once; an old answer must never come back from the cache.
      keepUnusedDataFor: 0,
    }),
    judgeReviewItem: build.mutation<RouteReply<typeof postReviewVerdict>, ReviewVerdictArgs>({
      query: ({ kind, id, ...body }) => routeRequest(postReviewVerdict, { params: { kind, id }, body }),
      invalidatesTags: statsOnSuccess,
    }),
    decideReviewItem: build.mutation<RouteReply<typeof postReviewDecision>, ReviewDecisionArgs>({
      query: ({ kind, id, ...body }) => routeRequest(postReviewDecision, { params: { kind, id }, body }),
      invalidatesTags: statsOnSuccess,
    }),
    getUserStats: build.query<RouteReply<typeof getUserStats>, void>({
      query: () => routeRequest(getUserStats, {}),
      providesTags: ['UserStats'],
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useSavePreferencesMutation,
  useGetSentenceRoundQuery,
  useSkipSentenceMutation,
  useReportSentenceMutation,
  useSubmitRecordingMutation,
  useGetValidateBatchQuery,
  useVoteMutation,
  useUndoVoteMutation,
  useSkipRecordingMutation,
  useReportRecordingMutation,
  useGetUserStatsQuery,
  useWriteSentenceMutation,
  useWriteSentenceBatchMutation,
  useUploadSentenceFileMutation,
  useGetReviewNextQuery,
  useJudgeReviewItemMutation,
  useDecideReviewItemMutation,
} = contributeApi;
