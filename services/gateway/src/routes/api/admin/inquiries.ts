import type { Filter } from 'mongodb';
import { getInquiries, INQUIRY_PAGE_SIZE } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../../context';
import { noStore } from '../../../edge/no-store';
import type { InquiryDoc } from '../../../public-site/store';
import { escapeRegex } from '../../../settings/profile-view';

/** The admins' list of contact inquiries, searched and paged. */
export default routeModule<GatewayContext>([getInquiries], (admin, ctx) => {
  const cols = ctx.publicSite;
  noStore(admin);

  serveRoute(admin, getInquiries, async (request) => {
    const { q, interest } = request.query;
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? INQUIRY_PAGE_SIZE;
    const filter: Filter<InquiryDoc> = {};
    if (interest) filter.interest = interest;
    const words = q?.trim().toLowerCase();
    if (words) filter.searchText = new RegExp(escapeRegex(words));
    const [total, docs] = await Promise.all([
      cols.inquiries.countDocuments(filter),
      cols.inquiries
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
    ]);
    return {
      items: docs.map((d) => ({
        id: d._id.toHexString(),
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        interest: d.interest,
        languages: d.languages,
        createdAt: d.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  });
});
