import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  authCodeFor,
  getAuthSession,
  putAuthLocale,
  normalizeEmail,
  postAuthQueryEmail,
  postAuthResend,
  postAuthSignin,
  postAuthSignout,
  postAuthSignup,
  postAuthVerify,
  signinProblem,
  signupProblem,
  type AuthErrorReply,
  type SignupRole,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { clientKey } from '../../edge/rate-limits/client-key';
import { attemptCounter, type AttemptCounter } from '../../edge/rate-limits/attempt-counter';
import { keyedLimiter, type KeyedLimiter } from '../../edge/rate-limits/keyed-limiter';
import { nameKeysOf } from '../../accounts/names';
import { emailAddressProblem } from '../../accounts/email-address';
import type { AccountRateLimits } from '../../accounts/limits';
import { authSchemaErrors } from '../../accounts/schema-errors';
import { refuseWrongJsonTypes } from '../../accounts/strict-types';
import { closeSession } from '../../accounts/sessions';
import { sendVerification } from '../../accounts/verification';
import type { GatewayContext } from '../../context';
import { localeCookie } from '../../edge/locale-cookie';
import { noStore } from '../../edge/no-store';

/** Sign-in failures: counted by the handler around the password check, not by a limiter before it. */
const FAILURE_LIMITS = ['signinFailuresPerAddressClient', 'signinFailuresPerAddress'] as const;
type FailureLimit = (typeof FAILURE_LIMITS)[number];

/** /auth bodies are a few short fields; anything bigger is refused before it is read whole. */
export const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Refuses in the SPEC's words; the code is the one those words stand for, and the error handler shapes the
 * AuthErrorReply (with the `ok: false` and the verify screen's `status` and `email`).
 */
function refuse(
  _reply: FastifyReply,
  status: number,
  message: string,
  extra: Partial<AuthErrorReply> = {},
): never {
  throw new HttpError(status, authCodeFor(message), message, { ok: false, ...extra });
}

/** Accounts and sessions: sign-up, verification, sign-in and out, the session, the interface language. */
export default routeModule<GatewayContext>(
  [
    postAuthQueryEmail,
    postAuthSignup,
    postAuthVerify,
    postAuthResend,
    postAuthSignin,
    getAuthSession,
    putAuthLocale,
    postAuthSignout,
  ],
  (app, ctx) => {
    const { hasher, mailer, publicUrl, now, background, sessionCache, cookie, rateLimits } = ctx;
    const { accounts } = ctx.stores;
    // Counted in the database (see edge/rate-limits/store.ts), so every gateway process shares one count.
    const limits = Object.fromEntries(
      (Object.keys(rateLimits) as (keyof AccountRateLimits)[])
        .filter((name) => !(FAILURE_LIMITS as readonly string[]).includes(name))
        .map((name) => [name, keyedLimiter(app, name, rateLimits[name])]),
    ) as Record<Exclude<keyof AccountRateLimits, FailureLimit>, KeyedLimiter>;
    const failures = Object.fromEntries(
      FAILURE_LIMITS.map((name) => [
        name,
        attemptCounter(ctx.stores.rateLimits, name, rateLimits[name], now),
      ]),
    ) as Record<FailureLimit, AttemptCounter>;
    /**
     * Takes one attempt from every limit named (all of them count, even when one is exhausted); the seconds
     * until the last exhausted one frees up, or 0 when all allow it.
     */
    const overLimit = async (
      request: FastifyRequest,
      ...takes: [Exclude<keyof AccountRateLimits, FailureLimit>, string][]
    ) => {
      const verdicts = await Promise.all(takes.map(([name, key]) => limits[name](request, key)));
      return Math.max(0, ...verdicts.map((v) => v.retryAfterSeconds));
    };
    const tooMany = (reply: FastifyReply, message: string, retryAfterSeconds: number) => {
      reply.header('retry-after', String(retryAfterSeconds));
      return refuse(reply, 429, message);
    };

    // Failures the framework answers (schema, JSON syntax, body size) carry ok: false like ours do.
    app.addHook('preSerialization', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && payload && typeof payload === 'object' && !('ok' in payload)) {
        return { ...(payload as object), ok: false };
      }
      return payload;
    });
    app.addHook('preValidation', refuseWrongJsonTypes);
    // Sign-out needs no body; a client that labels an empty one as JSON should not be told off for it.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '' && request.routeOptions.url === postAuthSignout.path) return done(null, {});
      json(request, body as string, done);
    });
    hasher.prepare().catch((err: unknown) => app.log.error({ err }, 'could not prepare the password check'));
    // Answers about a person (session, sign-in) must never be stored by a cache.
    noStore(app);

    const mailDeps = { accounts, mailer, publicUrl, log: app.log };

    serveRoute(
      app,
      postAuthQueryEmail,
      async (request, reply) => {
        const problem = emailAddressProblem(request.body.email);
        if (problem) return refuse(reply, 400, problem);
        const wait = await overLimit(request, ['queryEmailPerClient', clientKey(request)]);
        if (wait) return tooMany(reply, AUTH_MESSAGES.tooManyRequests, wait);
        return { ok: await accounts.hasAccount(normalizeEmail(request.body.email)) };
      },
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schemaErrorFormatter: authSchemaErrors({
          required: { email: AUTH_MESSAGES.emailRequired },
          tooLong: { email: AUTH_MESSAGES.emailInvalid },
        }),
      },
    );

    serveRoute(
      app,
      postAuthSignup,
      async (request, reply) => {
        const body = request.body;
        const problem = signupProblem(body) ?? emailAddressProblem(body.email);
        if (problem) return refuse(reply, 400, problem);
        const wait = await overLimit(request, ['signupPerClient', clientKey(request)]);
        if (wait) return tooMany(reply, AUTH_MESSAGES.tooManyRequests, wait);
        const at = now();
        const user = await accounts.create({
          email: normalizeEmail(body.email),
          firstname: body.firstname.trim(),
          lastname: body.lastname.trim(),
          ...nameKeysOf(`${body.firstname} ${body.lastname}`),
          role: (body.role ?? 'contributor') as SignupRole,
          passwordHash: await hasher.hash(body.password),
          verified: false,
          createdAt: new Date(at),
          // The language the visitor chose before signing up: the verification mail goes out in it.
          ...(localeCookie(request) ? { locale: localeCookie(request) } : {}),
        });
        if (!user) return refuse(reply, 409, AUTH_MESSAGES.emailTaken);
        // The answer's token only asks for another mail (POST /auth/resend { token }); it opens no session.
        const pending = await accounts.issueLink(user._id, 'pending', at);
        try {
          await sendVerification(mailDeps, user, at);
        } catch (err) {
          // The account stands; the person can ask for the mail again from the next page.
          request.log.error({ err }, 'verification mail could not be sent');
        }
        return reply.code(201).send({ ok: true, token: pending, message: AUTH_MESSAGES.signedUp });
      },
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schemaErrorFormatter: authSchemaErrors({
          required: {
            firstname: AUTH_MESSAGES.firstnameRequired,
            lastname: AUTH_MESSAGES.lastnameRequired,
            email: AUTH_MESSAGES.emailRequired,
            password: AUTH_MESSAGES.passwordRequired,
          },
          tooLong: {
            firstname: AUTH_MESSAGES.tooLong,
            lastname: AUTH_MESSAGES.tooLong,
            email: AUTH_MESSAGES.emailInvalid,
            password: AUTH_MESSAGES.passwordTooLong,
            role: AUTH_MESSAGES.roleInvalid,
          },
        }),
      },
    );

    serveRoute(
      app,
      postAuthVerify,
      async (request, reply) => {
        const wait = await overLimit(request, ['verifyPerClient', clientKey(request)]);
        if (wait) return tooMany(reply, AUTH_MESSAGES.tooManyRequests, wait);
        const result = await accounts.redeemLink(request.body.token, now());
        if (result.outcome === 'verified') {
          return {
            ok: true as const,
            status: 'verified' as const,
            message: AUTH_MESSAGES.verified,
            email: result.email,
          };
        }
        if (result.outcome === 'expired') {
          return refuse(reply, 410, AUTH_MESSAGES.linkExpired, {
            status: 'expired',
            ...(result.email ? { email: result.email } : {}),
          });
        }
        // A change of address whose new address someone else signed up with in the meantime.
        if (result.outcome === 'taken') return refuse(reply, 409, AUTH_MESSAGES.emailTaken);
        return refuse(reply, 400, AUTH_MESSAGES.linkInvalid, { status: 'invalid' });
      },
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schemaErrorFormatter: authSchemaErrors({ required: { token: AUTH_MESSAGES.linkInvalid } }),
      },
    );

    serveRoute(
      app,
      postAuthResend,
      async (request, reply) => {
        const { email, token } = request.body;
        if ((email === undefined) === (token === undefined)) {
          return refuse(reply, 400, AUTH_MESSAGES.resendNeedsEmail);
        }
        if (email !== undefined) {
          const problem = emailAddressProblem(email);
          if (problem) return refuse(reply, 400, problem);
        }
        const subject = email !== undefined ? `email:${normalizeEmail(email)}` : `token:${token}`;
        const wait = await overLimit(
          request,
          ['resendPerClient', clientKey(request)],
          ['resendPerAddress', subject],
        );
        if (wait) return tooMany(reply, AUTH_MESSAGES.tooManyRequests, wait);
        const at = now();
        // Looked up and mailed after answering, so an address with an account and one without answer alike.
        background.run(
          async () => {
            const user =
              email !== undefined
                ? await accounts.byEmail(normalizeEmail(email))
                : await accounts.linkOwner(token!, 'pending', at);
            if (user && !user.verified) await sendVerification(mailDeps, user, at);
          },
          (err) => request.log.error({ err }, 'verification mail could not be resent'),
        );
        return reply.code(202).send({ ok: true, message: AUTH_MESSAGES.resendAccepted });
      },
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schemaErrorFormatter: authSchemaErrors({ tooLong: { email: AUTH_MESSAGES.emailInvalid } }),
      },
    );

    serveRoute(
      app,
      postAuthSignin,
      async (request, reply) => {
        const problem = signinProblem(request.body);
        if (problem) return refuse(reply, 400, problem);
        const email = normalizeEmail(request.body.email);
        const client = clientKey(request);
        // Checked before any hashing, so a flood costs the gateway almost nothing.
        const wait = await overLimit(request, ['signinPerClient', client]);
        if (wait) return tooMany(reply, AUTH_MESSAGES.tooManySignins, wait);
        // Counted as failures before the password is checked (so concurrent guesses cannot all slip under the
        // limit), refunded once it proves right. Only clients that have failed on this address are held back:
        // someone failing on another person's address from elsewhere can never keep that person out.
        const [mine, everyone] = await Promise.all([
          failures.signinFailuresPerAddressClient.count(`${email}|${client}`),
          failures.signinFailuresPerAddress.count(email),
        ]);
        const failedBefore = mine.count > 1;
        const lockedOut =
          mine.count > failures.signinFailuresPerAddressClient.limit.max ||
          (failedBefore && everyone.count > failures.signinFailuresPerAddress.limit.max);
        // A refused attempt, like a right password, is no failure: the counts hold only wrong passwords.
        const notAFailure = () => Promise.all([mine.refund(), everyone.refund()]);
        if (lockedOut) {
          await notAFailure();
          return tooMany(
            reply,
            AUTH_MESSAGES.tooManySignins,
            Math.max(mine.retryAfterSeconds, everyone.retryAfterSeconds),
          );
        }
        const user = await accounts.byEmail(email);
        if (!user) {
          await hasher.verifyAgainstNothing(request.body.password);
          return refuse(reply, 401, AUTH_MESSAGES.incorrectPassword);
        }
        if (!(await hasher.verify(request.body.password, user.passwordHash))) {
          return refuse(reply, 401, AUTH_MESSAGES.incorrectPassword);
        }
        await notAFailure();
        // Only after the password is right, so this answer tells nothing to someone guessing addresses.
        if (!user.verified) return refuse(reply, 403, AUTH_MESSAGES.notVerified);
        // A session this browser already had is ended rather than left to linger until it expires.
        await closeSession(accounts, sessionCache, cookie.read(request));
        const token = await accounts.openSession(user._id, now());
        cookie.set(request, reply, token);
        // The credential lives only in the HttpOnly cookie; the body's token is the user's id, not a secret.
        return { ok: true, token: user._id.toHexString(), message: AUTH_MESSAGES.signedIn };
      },
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schemaErrorFormatter: authSchemaErrors({
          required: { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired },
          tooLong: { email: AUTH_MESSAGES.emailInvalid, password: AUTH_MESSAGES.passwordTooLong },
        }),
      },
    );

    // Who is signed in is the edge's answer (request.identity, from the session cookie); the account is read
    // as it is now.
    const signedIn = async (request: FastifyRequest) =>
      request.identity ? await accounts.byId(request.identity.id) : null;

    serveRoute(app, getAuthSession, async (request, reply) => {
      const user = await signedIn(request);
      if (!user) return refuse(reply, 401, AUTH_MESSAGES.notSignedIn);
      return {
        user: {
          id: user._id.toHexString(),
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          role: user.role,
          ...(user.locale ? { locale: user.locale } : {}),
        },
      };
    });

    serveRoute(
      app,
      putAuthLocale,
      async (request, reply) => {
        const user = await signedIn(request);
        if (!user) return refuse(reply, 401, AUTH_MESSAGES.notSignedIn);
        await accounts.setLocale(user._id, request.body.locale);
        return { ok: true as const, locale: request.body.locale };
      },
      { bodyLimit: AUTH_BODY_LIMIT },
    );

    serveRoute(
      app,
      postAuthSignout,
      async (request, reply) => {
        await closeSession(accounts, sessionCache, cookie.read(request));
        cookie.clear(request, reply);
        return { ok: true as const };
      },
      { bodyLimit: AUTH_BODY_LIMIT },
    );
  },
);
