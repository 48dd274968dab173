import { getInquiries, INQUIRY_PAGE_SIZE } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../../context';
import { noStore } from '../../../edge/no-store';

/** The admins' list of contact inquiries, searched and paged. */
export default routeModule<GatewayContext>([getInquiries], (admin, ctx) => {
  const { publicSite } = ctx.stores;
  noStore(admin);

  serveRoute(admin, getInquiries, async (request) => {
    const { q, interest } = request.query;
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? INQUIRY_PAGE_SIZE;
    const { total, items } = await publicSite.inquiries({ q, interest, page, pageSize });
    return {
      items: items.map((d) => ({
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
