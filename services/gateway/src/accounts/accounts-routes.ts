import type { FastifyReply, FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import {
  AUTH_MESSAGES,
  AuthErrorReply,
  AuthReply,
  emailProblem,
  LocaleBody,
  LocaleReply,
  normalizeEmail,
  QueryEmailReply,
  QueryEmailRequest,
  ResendBody,
  ResendReply,
  SessionReply,
  signinProblem,
  SigninRequest,
  SignoutReply,
  signupProblem,
  SignupRequest,
  VerifyBody,
  VerifyReply,
  type SignupRole,
} from '@platform/contracts';
import { errorBody, type ServiceApp } from '@platform/service-kit';
import { isDuplicateKey, type AccountCollections, type UserDoc } from './accounts-db';
import type { BackgroundWork } from './background';
import type { Mailer } from './mailer';
import type { PasswordHasher } from './passwords';
import { createRateLimiter, type RateLimit, type RateLimiter } from './rate-limiter';
import { authSchemaErrors } from './schema-errors';
import { refuseWrongJsonTypes } from './strict-types';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';
import type { SessionCache } from './session-cache';
import { closeSession, openSession, sessionUser } from './sessions';
import { issueToken, redeemVerification, sendVerification, tokenOwner } from './verification';
import { localeCookie } from '../locale-cookie';

export interface AccountRateLimits {
  signinPerAddress: RateLimit;
  signinPerClient: RateLimit;
  resendPerAddress: RateLimit;
  resendPerClient: RateLimit;
  signupPerClient: RateLimit;
  queryEmailPerClient: RateLimit;
  verifyPerClient: RateLimit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: AccountRateLimits = {
  signinPerAddress: { max: 5, windowMs: MINUTE },
  signinPerClient: { max: 30, windowMs: MINUTE },
  resendPerAddress: { max: 3, windowMs: 15 * MINUTE },
  resendPerClient: { max: 10, windowMs: 15 * MINUTE },
  signupPerClient: { max: 20, windowMs: 15 * MINUTE },
  queryEmailPerClient: { max: 60, windowMs: MINUTE },
  verifyPerClient: { max: 30, windowMs: MINUTE },
};

export interface AccountsRouteOptions {
  cols: AccountCollections;
  hasher: PasswordHasher;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  rateLimits: AccountRateLimits;
  background: BackgroundWork;
  /** Forgotten here when a session ends, so proxied calls stop vouching for it at once. */
  sessionCache: SessionCache;
}

/** /auth bodies are a few short fields; anything bigger is refused before it is read whole. */
export const AUTH_BODY_LIMIT = 16 * 1024;

const failure = (status: number, message: string, extra: Partial<AuthErrorReply> = {}): AuthErrorReply => ({
  ...errorBody(status, message),
  ok: false,
  ...extra,
});

function refuse(reply: FastifyReply, status: number, message: string, extra: Partial<AuthErrorReply> = {}) {
  return reply.code(status).send(failure(status, message, extra));
}

/** Responses for every /auth route: its success shape, and AuthErrorReply for any failure. */
const answers = <T>(status: number, ok: T) => ({
  [status]: ok,
  '4xx': AuthErrorReply,
  '5xx': AuthErrorReply,
});

export async function accountsRoutes(app: ServiceApp, options: AccountsRouteOptions) {
  const { cols, hasher, mailer, publicUrl, now, background, sessionCache } = options;
  const limiter = (limit: RateLimit) => createRateLimiter(limit, now);
  const limits: Record<keyof AccountRateLimits, RateLimiter> = {
    signinPerAddress: limiter(options.rateLimits.signinPerAddress),
    signinPerClient: limiter(options.rateLimits.signinPerClient),
    resendPerAddress: limiter(options.rateLimits.resendPerAddress),
    resendPerClient: limiter(options.rateLimits.resendPerClient),
    signupPerClient: limiter(options.rateLimits.signupPerClient),
    queryEmailPerClient: limiter(options.rateLimits.queryEmailPerClient),
    verifyPerClient: limiter(options.rateLimits.verifyPerClient),
  };
  /** Takes one attempt from every limiter named (all of them count, even when the first is exhausted). */
  const allowed = (...takes: [keyof AccountRateLimits, string][]) =>
    takes.map(([name, key]) => limits[name].take(key)).every(Boolean);
  const tooMany = (reply: FastifyReply, message: string, limit: RateLimit) => {
    reply.header('retry-after', String(Math.ceil(limit.windowMs / 1000)));
    return refuse(reply, 429, message);
  };
  const windowOf = options.rateLimits;

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
    if (body === '' && request.routeOptions.url === '/auth/signout') return done(null, {});
    json(request, body as string, done);
  });
  hasher.prepare().catch((err: unknown) => app.log.error({ err }, 'could not prepare the password check'));
  app.addHook('onSend', async (_request, reply) => {
    // Answers about a person (session, sign-in) must never be stored by a cache.
    reply.header('cache-control', 'no-store');
  });

  const mailDeps = { cols, mailer, publicUrl, log: app.log };
  const clientKey = (request: FastifyRequest) => request.ip;

  app.post(
    '/auth/auth/query.email',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schemaErrorFormatter: authSchemaErrors({
        required: { email: AUTH_MESSAGES.emailRequired },
        tooLong: { email: AUTH_MESSAGES.emailInvalid },
      }),
      schema: { tags: ['auth'], body: QueryEmailRequest, response: answers(200, QueryEmailReply) },
    },
    async (request, reply) => {
      const problem = emailProblem(request.body.email);
      if (problem) return refuse(reply, 400, problem);
      if (!allowed(['queryEmailPerClient', clientKey(request)])) {
        return tooMany(reply, AUTH_MESSAGES.tooManyRequests, windowOf.queryEmailPerClient);
      }
      const existing = await cols.users.findOne(
        { email: normalizeEmail(request.body.email) },
        { projection: { _id: 1 } },
      );
      return { ok: existing !== null };
    },
  );

  app.post(
    '/auth/auth/signup',
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
      schema: { tags: ['auth'], body: SignupRequest, response: answers(201, AuthReply) },
    },
    async (request, reply) => {
      const body = request.body;
      const problem = signupProblem(body);
      if (problem) return refuse(reply, 400, problem);
      if (!allowed(['signupPerClient', clientKey(request)])) {
        return tooMany(reply, AUTH_MESSAGES.tooManyRequests, windowOf.signupPerClient);
      }
      const at = now();
      const user: UserDoc = {
        _id: new ObjectId(),
        email: normalizeEmail(body.email),
        firstname: body.firstname.trim(),
        lastname: body.lastname.trim(),
        role: (body.role ?? 'contributor') as SignupRole,
        passwordHash: await hasher.hash(body.password),
        verified: false,
        createdAt: new Date(at),
        // The language the visitor chose before signing up: the verification mail goes out in it.
        ...(localeCookie(request) ? { locale: localeCookie(request) } : {}),
      };
      try {
        await cols.users.insertOne(user);
      } catch (err) {
        if (isDuplicateKey(err)) return refuse(reply, 409, AUTH_MESSAGES.emailTaken);
        throw err;
      }
      // The answer's token only asks for another mail (POST /auth/resend { token }); it opens no session.
      const pending = await issueToken(cols, user._id, 'pending', at);
      try {
        await sendVerification(mailDeps, user, at);
      } catch (err) {
        // The account stands; the person can ask for the mail again from the next page.
        request.log.error({ err }, 'verification mail could not be sent');
      }
      return reply.code(201).send({ ok: true, token: pending, message: AUTH_MESSAGES.signedUp });
    },
  );

  app.post(
    '/auth/verify',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schemaErrorFormatter: authSchemaErrors({ required: { token: AUTH_MESSAGES.linkInvalid } }),
      schema: { tags: ['auth'], body: VerifyBody, response: answers(200, VerifyReply) },
    },
    async (request, reply) => {
      if (!allowed(['verifyPerClient', clientKey(request)])) {
        return tooMany(reply, AUTH_MESSAGES.tooManyRequests, windowOf.verifyPerClient);
      }
      const result = await redeemVerification(cols, request.body.token, now());
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
      return refuse(reply, 400, AUTH_MESSAGES.linkInvalid, { status: 'invalid' });
    },
  );

  app.post(
    '/auth/resend',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schemaErrorFormatter: authSchemaErrors({ tooLong: { email: AUTH_MESSAGES.emailInvalid } }),
      schema: { tags: ['auth'], body: ResendBody, response: answers(202, ResendReply) },
    },
    async (request, reply) => {
      const { email, token } = request.body;
      if ((email === undefined) === (token === undefined)) {
        return refuse(reply, 400, AUTH_MESSAGES.resendNeedsEmail);
      }
      if (email !== undefined) {
        const problem = emailProblem(email);
        if (problem) return refuse(reply, 400, problem);
      }
      const subject = email !== undefined ? `email:${normalizeEmail(email)}` : `token:${token}`;
      if (!allowed(['resendPerClient', clientKey(request)], ['resendPerAddress', subject])) {
        return tooMany(reply, AUTH_MESSAGES.tooManyRequests, windowOf.resendPerAddress);
      }
      const at = now();
      // Looked up and mailed after answering, so an address with an account and one without answer alike.
      background.run(
        async () => {
          const user =
            email !== undefined
              ? await cols.users.findOne({ email: normalizeEmail(email) })
              : await tokenOwner(cols, token!, 'pending', at);
          if (user && !user.verified) await sendVerification(mailDeps, user, at);
        },
        (err) => request.log.error({ err }, 'verification mail could not be resent'),
      );
      return reply.code(202).send({ ok: true, message: AUTH_MESSAGES.resendAccepted });
    },
  );

  app.post(
    '/auth/signin',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schemaErrorFormatter: authSchemaErrors({
        required: { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired },
        tooLong: { email: AUTH_MESSAGES.emailInvalid, password: AUTH_MESSAGES.passwordTooLong },
      }),
      schema: { tags: ['auth'], body: SigninRequest, response: answers(200, AuthReply) },
    },
    async (request, reply) => {
      const problem = signinProblem(request.body);
      if (problem) return refuse(reply, 400, problem);
      const email = normalizeEmail(request.body.email);
      // Checked before any hashing, so a flood costs the gateway almost nothing.
      if (!allowed(['signinPerClient', clientKey(request)], ['signinPerAddress', email])) {
        return tooMany(reply, AUTH_MESSAGES.tooManySignins, windowOf.signinPerAddress);
      }
      const user = await cols.users.findOne({ email });
      if (!user) {
        await hasher.verifyAgainstNothing(request.body.password);
        return refuse(reply, 401, AUTH_MESSAGES.incorrectPassword);
      }
      if (!(await hasher.verify(request.body.password, user.passwordHash))) {
        return refuse(reply, 401, AUTH_MESSAGES.incorrectPassword);
      }
      // Only after the password is right, so this answer tells nothing to someone guessing addresses.
      if (!user.verified) return refuse(reply, 403, AUTH_MESSAGES.notVerified);
      // A session this browser already had is ended rather than left to linger until it expires.
      await closeSession(cols, sessionCache, sessionToken(request));
      const token = await openSession(cols, user._id, now());
      setSessionCookie(request, reply, token);
      // The credential lives only in the HttpOnly cookie; the body's token is the user's id, not a secret.
      return { ok: true, token: user._id.toHexString(), message: AUTH_MESSAGES.signedIn };
    },
  );

  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], response: answers(200, SessionReply) } },
    async (request, reply) => {
      const user = (await sessionUser(cols, sessionToken(request), now()))?.user;
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
    },
  );

  app.put(
    '/auth/locale',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { tags: ['auth'], body: LocaleBody, response: answers(200, LocaleReply) },
    },
    async (request, reply) => {
      const user = (await sessionUser(cols, sessionToken(request), now()))?.user;
      if (!user) return refuse(reply, 401, AUTH_MESSAGES.notSignedIn);
      await cols.users.updateOne({ _id: user._id }, { $set: { locale: request.body.locale } });
      return { ok: true as const, locale: request.body.locale };
    },
  );

  app.post(
    '/auth/signout',
    { bodyLimit: AUTH_BODY_LIMIT, schema: { tags: ['auth'], response: answers(200, SignoutReply) } },
    async (request, reply) => {
      await closeSession(cols, sessionCache, sessionToken(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
}
