import { api, routeRequest } from '@platform/store';
import { getPublicStats, postNewsletter } from '@platform/contracts/client';
import type { NewsletterBody, RouteReply } from '@platform/contracts';

/**
 * The public site's calls from the header, hero and footer, each built from its declaration in
 * libs/contracts (search the name to find the gateway's handler). The gateway computes the figures for every
 * request; the hero and the footer read the same answer from this store.
 */
export const publicSiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicStats: build.query<RouteReply<typeof getPublicStats>, void>({
      query: () => routeRequest(getPublicStats, {}),
    }),
    /** The footer's newsletter box: the same 202 whatever the address; a confirmation link is mailed. */
    subscribeNewsletter: build.mutation<RouteReply<typeof postNewsletter>, NewsletterBody>({
      query: (body) => routeRequest(postNewsletter, { body }),
    }),
  }),
});

export const { useGetPublicStatsQuery, useSubscribeNewsletterMutation } = publicSiteApi;
