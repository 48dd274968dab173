import {
  routeRequest,
  uploadWithProgress,
  type FetchBaseQueryError,
  type UploadProgress,
} from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  getDonateNext,
  postAudioPair,
  postDonateReport,
  postDonateSkip,
  routeUrl,
} from '@platform/contracts/client';
import type {
  AudioPairFileField,
  AudioPairUploadReply,
  Dialect,
  RouteReply,
  TextPairReportBody,
} from '@platform/contracts';

/** Donate Your Voice's upload: both sides of one text pair, as 16-bit PCM WAV, and the speaker's dialect. */
export interface AudioPairUpload {
  textId: string;
  dialect: Dialect;
  english: Blob;
  yoruba: Blob;
  /** Told as the bytes go out, for the progress bar. */
  onProgress?: (progress: UploadProgress) => void;
}

const FILE_NAMES: Record<AudioPairFileField, string> = {
  source_audio_file: 'english.wav',
  target_audio_file: 'yoruba.wav',
};

/**
 * POST /api/audio/upload's form: the fields first (the service checks the pair and the dialect before it
 * stores any audio), then the English (source) and Yoruba (target) WAVs. No user_id: the service takes the
 * donor from the session.
 */
export function audioPairForm({ textId, dialect, english, yoruba }: AudioPairUpload): FormData {
  const form = new FormData();
  form.append('text_id', textId);
  form.append('user_dialect', dialect);
  form.append('source_audio_file', english, FILE_NAMES.source_audio_file);
  form.append('target_audio_file', yoruba, FILE_NAMES.target_audio_file);
  return form;
}

// RTK Query invalidates after failed mutations too; a refused donation changes neither the queue nor a figure.
const onSuccess =
  <T extends 'AudioPair' | 'UserStats'>(...tags: T[]) =>
  (result: unknown) =>
    result ? tags : [];

/**
 * Donate Your Voice's calls (SPEC §7 and our skip and report), each built from its declaration in
 * libs/contracts. Every change to the person's queue invalidates 'AudioPair', so the next pair and
 * 'Contribution N of M' are asked for again.
 */
export const donateApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getDonateNext: build.query<RouteReply<typeof getDonateNext>, void>({
      query: () => routeRequest(getDonateNext, {}),
      // Coming back to the page asks again: the pair may have been donated meanwhile (another tab).
      keepUnusedDataFor: 0,
      providesTags: ['AudioPair'],
    }),
    // Sent with XMLHttpRequest, as the Write screen's bulk file, for the upload's progress: with the site's
    // cookies, like every other call.
    submitAudioPair: build.mutation<AudioPairUploadReply, AudioPairUpload>({
      queryFn: async (upload, { signal }) => {
        try {
          const answer = await uploadWithProgress(routeUrl(postAudioPair.path), audioPairForm(upload), {
            onProgress: upload.onProgress,
            signal,
          });
          if (answer.status >= 200 && answer.status < 300) {
            return { data: answer.body as AudioPairUploadReply };
          }
          const error: FetchBaseQueryError = { status: answer.status, data: answer.body };
          return { error };
        } catch (thrown) {
          const error: FetchBaseQueryError = { status: 'FETCH_ERROR', error: String(thrown) };
          return { error };
        }
      },
      invalidatesTags: onSuccess('AudioPair', 'UserStats'),
    }),
    skipDonatePair: build.mutation<RouteReply<typeof postDonateSkip>, string>({
      query: (id) => routeRequest(postDonateSkip, { params: { id } }),
      invalidatesTags: onSuccess('AudioPair'),
    }),
    reportDonatePair: build.mutation<
      RouteReply<typeof postDonateReport>,
      { id: string } & TextPairReportBody
    >({
      query: ({ id, ...body }) => routeRequest(postDonateReport, { params: { id }, body }),
      invalidatesTags: onSuccess('AudioPair'),
    }),
  }),
});

export const {
  useGetDonateNextQuery,
  useSubmitAudioPairMutation,
  useSkipDonatePairMutation,
  useReportDonatePairMutation,
} = donateApi;
