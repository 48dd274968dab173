import { api } from '@platform/store';
import type {
  LanguageCode,
  MarkReply,
  RecordingReportBody,
  RecordingsToValidate,
  RecordingUploadReply,
  SentenceReportBody,
  SentenceRound,
  UserPreferences,
  UserStats,
  VoteReply,
} from '@platform/contracts';
import { DEFAULT_ROUND_SIZE, RECORDING_FILE_FIELD } from '@platform/contracts';

export interface RoundArgs {
  lang: LanguageCode;
  /**
   * Which round this is. It is not sent: a new number makes a new cache entry, so finishing a round
   * always asks the server for a fresh one instead of showing the finished round again.
   */
  round: number;
}

export interface BatchArgs {
  /** Same idea as RoundArgs.round: each exhausted batch asks for the next one. */
  batch: number;
}

export interface RecordingUpload {
  sentenceId: string;
  audio: Blob;
}

/** File name sent with a take; the server sniffs the bytes, so this is only a hint for people and logs. */
export function fileNameFor(audio: Blob): string {
  if (audio.type.includes('ogg')) return 'recording.ogg';
  if (audio.type.includes('wav')) return 'recording.wav';
  return 'recording.webm';
}

// RTK Query invalidates after failed mutations too; a refused upload or vote changes no figure.
const statsOnSuccess = (result: unknown) => (result ? (['UserStats'] as const) : []);

/** The Speak and Listen calls of SPEC §7 (and our skip, report, undo and preferences). */
export const contributeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<UserPreferences, void>({
      query: () => 'api/user/preferences',
      providesTags: ['User'],
    }),
    savePreferences: build.mutation<UserPreferences, UserPreferences>({
      // The screen switches language at once; this only makes the choice last for the next visit. Asking
      // for a round never stores a language, so this call is what remembers it.
      query: (body) => ({ url: 'api/user/preferences', method: 'PUT', body }),
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
    getSentenceRound: build.query<SentenceRound, RoundArgs>({
      query: ({ lang }) => ({ url: 'api/sentences', params: { lang, count: DEFAULT_ROUND_SIZE } }),
      // A round is consumed once; an old one must never come back from the cache.
      keepUnusedDataFor: 0,
      providesTags: ['Sentence'],
    }),
    skipSentence: build.mutation<MarkReply, string>({
      query: (id) => ({ url: `api/sentences/${encodeURIComponent(id)}/skip`, method: 'POST' }),
      invalidatesTags: statsOnSuccess,
    }),
    reportSentence: build.mutation<MarkReply, { id: string } & SentenceReportBody>({
      query: ({ id, ...body }) => ({
        url: `api/sentences/${encodeURIComponent(id)}/report`,
        method: 'POST',
        body,
      }),
    }),
    submitRecording: build.mutation<RecordingUploadReply, RecordingUpload>({
      query: ({ sentenceId, audio }) => {
        const form = new FormData();
        // sentenceId first: the server then refuses an unknown sentence before storing any audio.
        form.append('sentenceId', sentenceId);
        form.append(RECORDING_FILE_FIELD, audio, fileNameFor(audio));
        return { url: 'api/recordings', method: 'POST', body: form };
      },
      invalidatesTags: statsOnSuccess,
    }),
    getValidateBatch: build.query<RecordingsToValidate, BatchArgs>({
      query: () => 'api/recordings/validate',
      keepUnusedDataFor: 0,
      providesTags: ['Recording'],
    }),
    vote: build.mutation<VoteReply, { id: string; isValid: boolean }>({
      query: ({ id, isValid }) => ({
        url: `api/recordings/${encodeURIComponent(id)}/validate`,
        method: 'POST',
        body: { isValid },
      }),
      invalidatesTags: statsOnSuccess,
    }),
    undoVote: build.mutation<VoteReply, string>({
      query: (id) => ({ url: `api/recordings/${encodeURIComponent(id)}/validate`, method: 'DELETE' }),
      invalidatesTags: statsOnSuccess,
    }),
    skipRecording: build.mutation<MarkReply, string>({
      query: (id) => ({ url: `api/recordings/${encodeURIComponent(id)}/skip`, method: 'POST' }),
      invalidatesTags: statsOnSuccess,
    }),
    reportRecording: build.mutation<MarkReply, { id: string } & RecordingReportBody>({
      query: ({ id, ...body }) => ({
        url: `api/recordings/${encodeURIComponent(id)}/report`,
        method: 'POST',
        body,
      }),
    }),
    getUserStats: build.query<UserStats, void>({
      query: () => 'api/user/stats',
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
} = contributeApi;
