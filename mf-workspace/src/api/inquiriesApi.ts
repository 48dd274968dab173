import { routeRequest } from '@platform/store';
import { remoteApi } from './remoteApi';
import { getInquiries } from '@platform/contracts/client';
import type { InquiryListQuery, RouteReply } from '@platform/contracts';

/** Settings → Inquiries (admins): the contact form's inquiries, searched, filtered and paged by the gateway. */
export const inquiriesApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getInquiries: build.query<RouteReply<typeof getInquiries>, InquiryListQuery>({
      query: (query) => routeRequest(getInquiries, { query }),
    }),
  }),
});

export const { useGetInquiriesQuery } = inquiriesApi;
