import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import {
  AUDIO_PAIR_PAGE_SIZE,
  getAudioPairs,
  getUserStats,
  postAudioPairDecision,
  postTextPair,
} from '@platform/contracts/client';
import type {
  AudioPairDecisionBody,
  AudioPairListQuery,
  RouteReply,
  TextPairAddBody,
} from '@platform/contracts';

/** What the Add Text Pair form sends: the pair belongs to the person in the session, so no user id. */
export type TextPairSubmission = Omit<TextPairAddBody, 'user_id'>;

// RTK Query invalidates after failed mutations too; a refused pair changes no figure.
const statsOnSuccess = (result: unknown) => (result ? (['UserStats'] as const) : []);

/** A reviewer's or admin's decision on one pending audio pair. */
export interface AudioPairDecisionArgs extends AudioPairDecisionBody {
  id: string;
}

/** View Audio Pairs' page of pairs: the filters of the URL, pages of the SPEC's size 5. */
export type AudioPairPageArgs = Pick<AudioPairListQuery, 'dialect' | 'status'> & { page: number };

const isConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

/**
 * This remote's calls, each built from its declaration in libs/contracts (search the declaration's name to
 * find the service's handler). The figures share the 'UserStats' tag with the contributor pages, so any
 * contribution refreshes every line that shows them.
 */
export const datasetsApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    addTextPair: build.mutation<RouteReply<typeof postTextPair>, TextPairSubmission>({
      query: (body) => routeRequest(postTextPair, { body }),
      invalidatesTags: statsOnSuccess,
    }),
    // Named apart from mf-contribute's getUserStats: both remotes inject into the one API of the page.
    getMyTextFigures: build.query<RouteReply<typeof getUserStats>, void>({
      query: () => routeRequest(getUserStats, {}),
      providesTags: ['UserStats'],
    }),
    /** Filtered and paged on the server; reviewers and admins get every pair, others their own. */
    getAudioPairs: build.query<RouteReply<typeof getAudioPairs>, AudioPairPageArgs>({
      query: ({ dialect, status, page }) =>
        routeRequest(getAudioPairs, {
          query: {
            ...(dialect ? { dialect } : {}),
            ...(status ? { status } : {}),
            page,
            pageSize: AUDIO_PAIR_PAGE_SIZE,
          },
        }),
      providesTags: ['AudioPair'],
    }),
    // A decision changes the list and the donor's figures; a 409 (decided meanwhile) means the list shown is
    // stale, so it is read again then too.
    decideAudioPair: build.mutation<RouteReply<typeof postAudioPairDecision>, AudioPairDecisionArgs>({
      query: ({ id, ...body }) => routeRequest(postAudioPairDecision, { params: { id }, body }),
      invalidatesTags: (result, error) =>
        result ? ['AudioPair', 'UserStats'] : isConflict(error) ? ['AudioPair'] : [],
    }),
  }),
});

export const {
  useAddTextPairMutation,
  useGetMyTextFiguresQuery,
  useGetAudioPairsQuery,
  useDecideAudioPairMutation,
} = datasetsApi;
