import { api, routeRequest } from '@platform/store';
import { getPublicDemo, postContact } from '@platform/contracts/client';
import type { ContactBody, RouteReply } from '@platform/contracts';

/**
 * The landing sections' calls, each built from its declaration in libs/contracts (search the declaration's
 * name to find the handler). Injected when the sections' chunk loads; named apart from other remotes'
 * endpoints, since every remote injects into the page's one API.
 */
export const sectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 'See it in action': a validated recording of a published release (clip null before any). */
    getDemoClip: build.query<RouteReply<typeof getPublicDemo>, void>({
      query: () => routeRequest(getPublicDemo, {}),
      // Every visit (and every "Play another") asks for a clip afresh.
      keepUnusedDataFor: 0,
    }),
    sendContactInquiry: build.mutation<RouteReply<typeof postContact>, ContactBody>({
      query: (body) => routeRequest(postContact, { body }),
    }),
  }),
  overrideExisting: false,
});

export const { useGetDemoClipQuery, useSendContactInquiryMutation } = sectionsApi;
