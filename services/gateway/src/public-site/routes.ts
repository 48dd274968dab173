import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Filter } from 'mongodb';
import {
  authCodeFor,
  CONTACT_RATE_LIMIT_MAX,
  CONTACT_RATE_LIMIT_WINDOW_MS,
  DEFAULT_UI_LOCALE,
  getInquiries,
  getPublicLanguages,
  getPublicStats,
  INQUIRY_PAGE_SIZE,
  NEWSLETTER_CONFIRM_HOURS,
  postContact,
  postNewsletter,
  postNewsletterConfirm,
  postNewsletterUnsubscribe,
  PUBLIC_STATS_CACHE_SECONDS,
} from '@platform/contracts';
import { HttpError, isDuplicateKey, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { BackgroundWork } from '../accounts/background';
import { plainAddressProblem } from '../accounts/email-address';
import type { Mailer } from '../accounts/mailer';
import { digest, newToken, TOKEN_SHAPE } from '../accounts/secrets';
import type { ResolveUser } from '../identity-propagation';
import { localeCookie } from '../locale-cookie';
import { clientKey } from '../rate-limits/client-key';
import { keyedLimiter, type KeyedLimiter, type RateLimit } from '../rate-limits/keyed-limiter';
import { escapeRegex } from '../settings/profile-view';
import type { InquiryDoc, PublicSiteCollections } from './db';
import type { FiguresCache } from './figures';
import { contactMail, newsletterConfirmMail, newsletterLink } from './mails';

/** What an operator may set (CONTACT_EMAIL, PUBLIC_STATS_CACHE_MS) and tests may change. */
export interface PublicSiteSettings {
  /** Where contact inquiries are mailed. */
  contactEmail: string;
  /** Contact forms one client may send per window. */
  contactLimit: RateLimit;
  /** Newsletter requests one client may send per window. */
  newsletterLimit: RateLimit;
  /** The least time between two confirmation mails to one address, however many clients ask. */
  newsletterMailIntervalMs: number;
  /** How long the public figures are kept before the services are asked again. */
  statsCacheMs: number;
}

export const DEFAULT_CONTACT_EMAIL = 'team@localhost';

export const DEFAULT_PUBLIC_SITE_SETTINGS: PublicSiteSettings = {
  contactEmail: DEFAULT_CONTACT_EMAIL,
  contactLimit: { max: CONTACT_RATE_LIMIT_MAX, windowMs: CONTACT_RATE_LIMIT_WINDOW_MS },
  newsletterLimit: { max: CONTACT_RATE_LIMIT_MAX, windowMs: CONTACT_RATE_LIMIT_WINDOW_MS },
  newsletterMailIntervalMs: 24 * 3600 * 1000,
  statsCacheMs: PUBLIC_STATS_CACHE_SECONDS * 1000,
};

export interface PublicSiteOptions {
  cols: PublicSiteCollections;
  settings: PublicSiteSettings;
  figures: FiguresCache;
  mailer: Mailer;
  background: BackgroundWork;
  publicUrl: string;
  /** Derives each address's unsubscribe token, so every later mail can carry the same link. */
  secret: string;
  now: () => number;
  /** The person behind the session cookie (the admins' inquiry list). */
  resolveSession: ResolveUser;
}

/** Contact and newsletter bodies are a few short fields. */
const BODY_LIMIT = 8 * 1024;
const CONFIRM_TTL_MS = NEWSLETTER_CONFIRM_HOURS * 3600 * 1000;

/** The unsubscribe token of an address: the same in every mail, and only its digest is stored. */
export const unsubscribeToken = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${email}`).digest('base64url');

/** 400 unless the mail library reads the address as exactly itself (the schema checked the shared pattern). */
function refuseUnlessPlain(email: string) {
  const problem = plainAddressProblem(email);
  if (problem) throw new HttpError(400, authCodeFor(problem), problem);
}

async function withinLimit(limiter: KeyedLimiter, request: FastifyRequest, reply: FastifyReply, key: string) {
  const verdict = await limiter(request, key);
  if (!verdict.allowed) {
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new HttpError(429, 'rate_limit.exceeded');
  }
}

/**
 * The public site's gateway routes: the contact form (stored, then mailed to the operators), the
 * newsletter's double opt-in, the landing page's and /languages' figures, and the admins' inquiry list.
 */
export async function publicSiteRoutes(app: ServiceApp, options: PublicSiteOptions) {
  const { cols, settings, mailer, background, now, publicUrl } = options;
  const contactLimiter = keyedLimiter(app, 'contact', settings.contactLimit);
  const newsletterLimiter = keyedLimiter(app, 'newsletter', settings.newsletterLimit);
  const localeOf = (request: FastifyRequest) => localeCookie(request) ?? DEFAULT_UI_LOCALE;

  // ---- Contact ----

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
      const inquiry: Omit<InquiryDoc, '_id'> = {
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
      await cols.inquiries.insertOne(inquiry as InquiryDoc);
      background.run(
        async () => {
          await mailer.send(contactMail(inquiry, settings.contactEmail));
        },
        (err) =>
          request.log.error({ err, to: settings.contactEmail }, 'contact inquiry stored but not mailed'),
      );
      return { ok: true as const };
    },
    { bodyLimit: BODY_LIMIT },
  );

  // ---- Newsletter ----

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
        const unsubscribe = unsubscribeToken(options.secret, email);
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
    { bodyLimit: BODY_LIMIT },
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
    { bodyLimit: BODY_LIMIT },
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
    { bodyLimit: BODY_LIMIT },
  );

  // ---- Public figures ----

  const maxAge = Math.max(0, Math.round(settings.statsCacheMs / 1000));
  const cacheable = (reply: FastifyReply) => reply.header('cache-control', `public, max-age=${maxAge}`);

  serveRoute(app, getPublicStats, async (_request, reply) => {
    const { stats } = await options.figures.get();
    cacheable(reply);
    return stats;
  });

  serveRoute(app, getPublicLanguages, async (_request, reply) => {
    const { languages } = await options.figures.get();
    cacheable(reply);
    return languages;
  });

  // ---- Admins: the inquiries ----

  await app.register(async (admin: ServiceApp) => {
    admin.decorateRequest('identity', null);
    admin.decorateRequest('identityProblem', null);
    admin.addHook('onRequest', async (request) => {
      request.identity = await options.resolveSession(request);
    });
    admin.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

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
}
