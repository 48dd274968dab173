import { api, routeRequest } from '@platform/store';
import { getUserStats, postTextPair, type RouteReply, type TextPairAddBody } from '@platform/contracts';

/** What the Add Text Pair form sends: the pair belongs to the person in the session, so no user id. */
export type TextPairSubmission = Omit<TextPairAddBody, 'user_id'>;

// RTK Query invalidates after failed mutations too; a refused pair changes no figure.
const statsOnSuccess = (result: unknown) => (result ? (['UserStats'] as const) : []);

/**
 * This remote's calls, each built from its declaration in libs/contracts (search the declaration's name to
 * find the service's handler). The figures share the 'UserStats' tag with the contributor pages, so any
 * contribution refreshes every line that shows them.
 */
export const datasetsApi = api.injectEndpoints({
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
  }),
});

export const { useAddTextPairMutation, useGetMyTextFiguresQuery } = datasetsApi;
