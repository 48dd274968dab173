import { postNewsletter, postNewsletterConfirm, postNewsletterUnsubscribe } from '@platform/contracts';
import { HttpError, isDuplicateKey, routeModule, serveRoute } from '@platform/service-kit';
import { digest, newToken, TOKEN_SHAPE } from '../../accounts/secrets';
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
    const cols = ctx.publicSite;
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
        const existing = await cols.subscribers.findOne({ email }, { projection: { status: 1 } });
        // Already subscribed: nothing to confirm, nothing mailed. The answer is the same either way.
        if (existing?.status !== 'subscribed') {
          const token = newToken();
          const at = new Date(now());
          const unsubscribe = unsubscribeToken(ctx.identitySecret, email);
          let issued = false;
          try {
            // One confirmation mail per address per interval, however many clients ask (silently: the answer
            // is the same). The earlier mail's link stays the live one meanwhile. The condition and the new
            // link are one atomic update, so concurrent requests cannot both mail.
            const result = await cols.subscribers.updateOne(
              {
                email,
                status: { $ne: 'subscribed' },
                $or: [
                  { confirmMailedAt: { $exists: false } },
                  { confirmMailedAt: { $lte: new Date(at.getTime() - settings.newsletterMailIntervalMs) } },
                ],
              },
              {
                $set: {
                  status: 'pending',
                  locale,
                  confirmHash: digest(token),
                  confirmExpiresAt: new Date(at.getTime() + CONFIRM_TTL_MS),
                  confirmMailedAt: at,
                  // Set with every mail, so the link it carries works even after IDENTITY_SECRET changed.
                  unsubscribeHash: digest(unsubscribe),
                  updatedAt: at,
                },
                $setOnInsert: { email, createdAt: at },
              },
              { upsert: true },
            );
            issued = result.matchedCount + result.upsertedCount > 0;
          } catch (err) {
            // The address exists but was mailed within the interval, or was confirmed (or created) meanwhile by
            // another request: the upsert's insert meets the unique address. Nothing to send.
            if (!isDuplicateKey(err)) throw err;
          }
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
        const { token } = request.body;
        const at = new Date(now());
        const confirmed = TOKEN_SHAPE.test(token)
          ? await cols.subscribers.findOneAndUpdate(
              { confirmHash: digest(token), status: 'pending', confirmExpiresAt: { $gt: at } },
              {
                $set: { status: 'subscribed', confirmedAt: at, updatedAt: at },
                $unset: { confirmHash: '', confirmExpiresAt: '' },
              },
            )
          : null;
        if (!confirmed) throw new HttpError(404, 'newsletter.link_invalid');
        return { status: 'subscribed' as const };
      },
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    );

    serveRoute(
      app,
      postNewsletterUnsubscribe,
      async (request) => {
        const at = new Date(now());
        const left = await cols.subscribers.findOneAndUpdate(
          { unsubscribeHash: digest(request.body.token) },
          {
            $set: { status: 'unsubscribed', unsubscribedAt: at, updatedAt: at },
            $unset: { confirmHash: '', confirmExpiresAt: '' },
          },
        );
        if (!left) throw new HttpError(404, 'newsletter.link_invalid');
        return { status: 'unsubscribed' as const };
      },
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    );
  },
);
