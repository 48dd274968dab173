import { routeRequest } from '@platform/store';
import { uploadMutation } from '@platform/remote-kit/upload';
import { remoteApi } from './remoteApi';
import { idempotencyHeaders } from './contributeApi';
import {
  getDonateNext,
  postAudioPair,
  postAudioPairFromUploads,
  postDonateReport,
  postDonateSkip,
} from '@platform/contracts/client';
import type {
  AudioPairFileField,
  AudioPairFromUploadsBody,
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
    submitAudioPair: uploadMutation(build, postAudioPair, {
      toForm: audioPairForm,
      invalidates: ['AudioPair', 'UserStats'],
    }),
    // The same donation from two finished resumable uploads (large WAVs on a connection that drops).
    submitAudioPairFromUploads: build.mutation<
      RouteReply<typeof postAudioPairFromUploads>,
      AudioPairFromUploadsBody & { idempotencyKey: string }
    >({
      query: ({ idempotencyKey, ...body }) => ({
        ...routeRequest(postAudioPairFromUploads, { body }),
        headers: idempotencyHeaders(idempotencyKey)!,
      }),
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
