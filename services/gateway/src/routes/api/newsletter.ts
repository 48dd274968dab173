import { postNewsletter, postNewsletterConfirm, postNewsletterUnsubscribe } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { newToken } from '../../accounts/secrets';
import type { GatewayContext } from '../../context';
import { newsletterConfirmMail, newsletterLink } from '../../public-site/mails';
import {
  CONFIRM_TTL_MS,
  localeOf,
  PUBLIC_FORM_BODY_LIMIT,
  refuseUnlessPlain,
  unsubscribeToken,
  withinLimit,
} from '../../public-site/requests';
import { clientKey } from '../../edge/rate-limits/client-key';
import { keyedLimiter } from '../../edge/rate-limits/keyed-limiter';

/** The newsletter's double opt-in: asking (a confirmation mail), confirming, and leaving. */
export default routeModule<GatewayContext>(
  [postNewsletter, postNewsletterConfirm, postNewsletterUnsubscribe],
  (app, ctx) => {
    const { mailer, background, now, publicUrl } = ctx;
    const { publicSite } = ctx.stores;
    const settings = ctx.publicSiteSettings;
    const newsletterLimiter = keyedLimiter(app, 'newsletter', settings.newsletterLimit);

    serveRoute(
      app,
      postNewsletter,
      async (request, reply) => {
        await withinLimit(newsletterLimiter, request, reply, clientKey(request));
        refuseUnlessPlain(request.body.email);
        const email = request.body.email.trim().toLowerCase();
        const locale = localeOf(request);
        const accepted = { accepted: true as const };
        // Already subscribed: nothing to confirm, nothing mailed. The answer is the same either way.
        if (!(await publicSite.isSubscribed(email))) {
          const token = newToken();
          const unsubscribe = unsubscribeToken(ctx.identitySecret, email);
          // One confirmation mail per address per interval, however many clients ask (silently: the answer
          // is the same).
          const issued = await publicSite.requestConfirmation({
            email,
            locale,
            confirmToken: token,
            unsubscribeToken: unsubscribe,
            at: new Date(now()),
            ttlMs: CONFIRM_TTL_MS,
            mailIntervalMs: settings.newsletterMailIntervalMs,
          });
          if (issued) {
            const mail = newsletterConfirmMail(
              email,
              locale,
              newsletterLink(publicUrl, 'confirm', token),
              newsletterLink(publicUrl, 'unsubscribe', unsubscribe),
            );
            background.run(
              async () => {
                await mailer.send(mail);
              },
              (err) => request.log.error({ err }, 'newsletter confirmation not mailed'),
            );
          }
        }
        reply.code(202);
        return accepted;
      },
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    );

    serveRoute(
      app,
      postNewsletterConfirm,
      async (request) => {
        const confirmed = await publicSite.confirm(request.body.token, new Date(now()));
        if (!confirmed) throw new HttpError(404, 'newsletter.link_invalid');
        return { status: 'subscribed' as const };
      },
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    );

    serveRoute(
      app,
      postNewsletterUnsubscribe,
      async (request) => {
        const left = await publicSite.unsubscribe(request.body.token, new Date(now()));
        if (!left) throw new HttpError(404, 'newsletter.link_invalid');
        return { status: 'unsubscribed' as const };
      },
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    );
  },
);
