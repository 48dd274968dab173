import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import { deleteApiToken, getApiTokens, postApiToken } from '@platform/contracts/client';
import type { RouteReply } from '@platform/contracts';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * The person's personal API tokens, each call built from its declaration in libs/contracts (the gateway
 * serves them). The list never carries a secret: only the create answer does, once.
 */
export const tokensApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getApiTokens: build.query<RouteReply<typeof getApiTokens>, void>({
      query: () => routeRequest(getApiTokens, {}),
      providesTags: ['ApiToken'],
    }),
    createApiToken: build.mutation<RouteReply<typeof postApiToken>, { name: string }>({
      query: (body) => routeRequest(postApiToken, { body }),
      invalidatesTags: (result) => (result ? ['ApiToken'] : []),
    }),
    // A 404 means the token was already revoked (in another tab): the list shown is stale then too.
    revokeApiToken: build.mutation<RouteReply<typeof deleteApiToken>, { id: string }>({
      query: ({ id }) => routeRequest(deleteApiToken, { params: { id } }),
      invalidatesTags: (result, error) => (result || isNotFound(error) ? ['ApiToken'] : []),
    }),
  }),
});

export const { useGetApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } = tokensApi;
