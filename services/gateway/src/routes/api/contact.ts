import { postContact } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';
import type { Inquiry } from '../../public-site/store';
import { contactMail } from '../../public-site/mails';
import { localeOf, PUBLIC_FORM_BODY_LIMIT, refuseUnlessPlain, withinLimit } from '../../public-site/requests';
import { clientKey } from '../../edge/rate-limits/client-key';
import { keyedLimiter } from '../../edge/rate-limits/keyed-limiter';

/** The public contact form: stored, then mailed to the operators. */
export default routeModule<GatewayContext>([postContact], (app, ctx) => {
  const { mailer, background, now } = ctx;
  const { publicSite } = ctx.stores;
  const settings = ctx.publicSiteSettings;
  const contactLimiter = keyedLimiter(app, 'contact', settings.contactLimit);

  serveRoute(
    app,
    postContact,
    async (request, reply) => {
      await withinLimit(contactLimiter, request, reply, clientKey(request));
      const body = request.body;
      refuseUnlessPlain(body.email);
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      const email = body.email.trim();
      const languages = (body.languages ?? '').trim();
      const inquiry: Inquiry = {
        firstName,
        lastName,
        email,
        interest: body.interest,
        languages,
        searchText: [firstName, lastName, email, languages].join(' ').toLowerCase(),
        locale: localeOf(request),
        createdAt: new Date(now()),
      };
      // Stored before anything is mailed: a mail that fails loses nothing.
      await publicSite.addInquiry(inquiry);
      background.run(
        async () => {
          await mailer.send(contactMail(inquiry, settings.contactEmail));
        },
        (err) =>
          request.log.error({ err, to: settings.contactEmail }, 'contact inquiry stored but not mailed'),
      );
      return { ok: true as const };
    },
    { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
  );
});
