import type { Db } from 'mongodb';
import { AUTH_MESSAGES, authCodeFor, ROUTES } from '@platform/contracts';
import { verifyIdentity, type ServiceApp } from '@platform/service-kit';
import type { TestMongo } from '@platform/service-kit/testing';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../test/outbox';
import { identityReceived, type TestUpstream } from '../../test/upstream';
import { runAdmin } from '../admin';
import { digest } from './secrets';
import { SESSION_CACHE_MS } from './session-cache';
import { BackgroundWork } from './background';

const SECRET = 'accounts-test-secret';
const HOUR = 3600_000;
const PASSWORD = 'Secret123';
const person = (email: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Ada',
  lastname: 'Obi',
  email,
  password: PASSWORD,
  ...extra,
});
type Injected = Awaited<ReturnType<ServiceApp['inject']>>;

describe('accounts and sessions', () => {
  let gateway: AccountsGateway;
  let mongo: TestMongo;
  let upstream: TestUpstream;
  let dataDir: string;
  let app: ServiceApp;
  let db: Db;
  let clock = Date.now();
  const background = new BackgroundWork();
  const build: AccountsGateway['build'] = (...args) => gateway.build(...args);

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gateway',
      now: () => clock,
      background,
    });
    ({ mongo, upstream, dataDir, app } = gateway);
    db = app.database!.db;
    expect((await app.inject({ url: '/readyz' })).json().checks.database).toBe('up');
  }, 30_000);
  afterAll(() => gateway?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'POST', url, payload: payload as object, headers });
  const signup = (body: unknown, on = app) => post('/auth/auth/signup', body, {}, on);
  const signin = (email: string, password = PASSWORD, on = app) =>
    post('/auth/signin', { email, password }, {}, on);
  const cookieOf = (res: Injected) => {
    const header = String(res.headers['set-cookie'] ?? '');
    const m = /^plt=([^;]*)/.exec(header);
    if (!m) throw new Error(`no plt cookie in ${header}`);
    return m[1]!;
  };
  /** A Set-Cookie header as its name, value and attributes (in any order, as the cookie library writes them). */
  const setCookieOf = (res: Injected) => {
    const [pair, ...attributes] = String(res.headers['set-cookie'] ?? '').split('; ');
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes: attributes.sort() };
  };
  const mailsTo = (email: string) => readOutbox(dataDir, email);
  const lastLinkTo = async (email: string) => {
    await background.idle();
    const mails = await mailsTo(email);
    return linkToken(mails[mails.length - 1]!);
  };
  const expectRefusal = (res: Injected, status: number, message: string) => {
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status,
      body: expect.objectContaining({ statusCode: status, message, ok: false, error: expect.any(String) }),
    });
    // The stable code beside the SPEC's words, so the screens can say it in the chosen language.
    expect(res.json().code).toBe(authCodeFor(message));
  };
  /** A verified person with an open session; answers the session cookie. */
  const signedIn = async (email: string, extra: Record<string, unknown> = {}) => {
    expect((await signup(person(email, extra))).statusCode).toBe(201);
    expect((await post('/auth/verify', { token: await lastLinkTo(email) })).statusCode).toBe(200);
    const res = await signin(email);
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  };

  it('serves every route declared for the gateway', () => {
    const declared = ROUTES.filter((r) => r.owner === 'gateway');
    expect(declared.length).toBeGreaterThanOrEqual(7);
    expect(
      declared.filter((r) => !app.hasRoute({ method: r.method, url: r.path })).map((r) => r.name),
    ).toEqual([]);
  });

  describe('POST /auth/auth/query.email', () => {
    it('says whether an address has an account, whatever its case', async () => {
      expect((await post('/auth/auth/query.email', { email: 'nobody@example.org' })).json()).toEqual({
        ok: false,
      });
      await signup(person('query@example.org'));
      const res = await post('/auth/auth/query.email', { email: 'Query@Example.ORG' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });

    it('refuses a missing or malformed address in the SPEC words', async () => {
      expectRefusal(await post('/auth/auth/query.email', { email: '' }), 400, '*Required');
      expectRefusal(await post('/auth/auth/query.email', {}), 400, '*Required');
      expectRefusal(await post('/auth/auth/query.email', { email: 'a@b.c' }), 400, 'Invalid email address');
    });
  });

  describe('POST /auth/auth/signup', () => {
    it.each([
      ['no first name', { firstname: undefined }, 'First name is required'],
      ['a blank first name', { firstname: '   ' }, 'First name is required'],
      ['a one-letter first name once trimmed', { firstname: ' A ' }, 'Too short!'],
      ['a 21-letter first name', { firstname: 'x'.repeat(21) }, 'Too long!'],
      ['a very long first name', { firstname: 'x'.repeat(500) }, 'Too long!'],
      ['no last name', { lastname: undefined }, 'Last name is required'],
      ['a one-letter last name', { lastname: 'O' }, 'Too short!'],
      ['a 21-letter last name', { lastname: 'y'.repeat(21) }, 'Too long!'],
      ['no email', { email: undefined }, '*Required'],
      ['an empty email', { email: '' }, '*Required'],
      ['an email without a dot after the at-sign', { email: 'ada@example' }, 'Invalid email address'],
      ['a one-letter top-level part', { email: 'ada@example.o' }, 'Invalid email address'],
      ['a five-letter top-level part', { email: 'ada@example.abcde' }, 'Invalid email address'],
      ['a digit in the top-level part', { email: 'ada@example.or9' }, 'Invalid email address'],
      ['no password', { password: undefined }, 'Password is required'],
      ['an empty password', { password: '' }, 'Password is required'],
      ['a 7-character password', { password: 'Secre12' }, AUTH_MESSAGES.passwordRule],
      ['a password without a digit', { password: 'SecretSecret' }, AUTH_MESSAGES.passwordRule],
      ['a password without an uppercase letter', { password: 'secret123' }, AUTH_MESSAGES.passwordRule],
      ['a password without a lowercase letter', { password: 'SECRET123' }, AUTH_MESSAGES.passwordRule],
      ['the admin role', { role: 'admin' }, 'The admin role cannot be chosen at sign-up'],
      ['an unknown role', { role: 'developer' }, 'Role must be contributor, reviewer or researcher'],
      ['an unknown field', { isAdmin: true }, "body has an unknown field 'isAdmin'"],
      ['a number for a name', { firstname: 42 }, 'body.firstname must be string'],
    ])('refuses %s with 400 and the message', async (_what, change, message) => {
      const body: Record<string, unknown> = { ...person('rules@example.org'), ...change };
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
      expectRefusal(await signup(body), 400, message);
    });

    it('says the SPEC password rule in its own words', () => {
      expect(AUTH_MESSAGES.passwordRule).toBe(
        'Password must contain: 8+ characters, 1 number, 1 uppercase letter',
      );
    });

    it('refuses a body over 16 kB with 413, and malformed JSON with 400', async () => {
      const res = await signup({ ...person('big@example.org'), firstname: 'x'.repeat(17 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        statusCode: 413,
        ok: false,
        message: expect.stringMatching(/too large/i),
      });
      const bad = await app.inject({
        method: 'POST',
        url: '/auth/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"firstname":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().ok).toBe(false);
    });

    it('creates an unverified account: email lowercased, names trimmed, contributor by default', async () => {
      const res = await signup(
        person('  New.Person@Example.ORG ', { firstname: '  Ada ', lastname: ' Obi  ' }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        ok: true,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        message: expect.any(String),
      });
      const user = await db.collection('users').findOne({ email: 'new.person@example.org' });
      expect(user).toMatchObject({ firstname: 'Ada', lastname: 'Obi', role: 'contributor', verified: false });
      expect(user!.passwordHash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      expect(JSON.stringify(user)).not.toContain(PASSWORD);
      // The answer's token is stored only as its hash, and only for asking for another mail.
      const pending = await db.collection('verification_tokens').findOne({ hash: digest(body.token) });
      expect(pending).toMatchObject({ scope: 'pending', userId: user!._id });
      expect(JSON.stringify(await db.collection('verification_tokens').find().toArray())).not.toContain(
        body.token,
      );
    });

    it('stores the role chosen', async () => {
      await signup(person('reviewer@example.org', { role: 'reviewer' }));
      await signup(person('researcher@example.org', { role: 'researcher' }));
      expect((await db.collection('users').findOne({ email: 'reviewer@example.org' }))!.role).toBe(
        'reviewer',
      );
      expect((await db.collection('users').findOne({ email: 'researcher@example.org' }))!.role).toBe(
        'researcher',
      );
    });

    it('refuses an address that already has an account, also in another case, with 409', async () => {
      expect((await signup(person('taken@example.org'))).statusCode).toBe(201);
      for (const email of ['taken@example.org', 'TAKEN@Example.org']) {
        const res = await signup(person(email, { firstname: 'Eve' }));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          error: 'Conflict',
          code: 'auth.email_taken',
          message: 'Email already exists.',
          statusCode: 409,
          ok: false,
        });
      }
      expect(await db.collection('users').countDocuments({ email: 'taken@example.org' })).toBe(1);
    });

    it('lets exactly one of two simultaneous sign-ups with one address through', async () => {
      const results = await Promise.all([
        signup(person('race@example.org')),
        signup(person('RACE@example.org', { firstname: 'Eve' })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await db.collection('users').countDocuments({ email: 'race@example.org' })).toBe(1);
    });

    it('writes the verification mail to the outbox with a link that expires in 24 hours', async () => {
      await signup(person('mail@example.org'));
      const [mail, ...others] = await mailsTo('mail@example.org');
      expect(others).toEqual([]);
      expect(mail!.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-mail@example\.org\.eml$/);
      expect(mail!.raw).toMatch(/^Subject: Verify your email address\r$/m);
      expect(mail!.decoded).toMatch(/http:\/\/localhost:3000\/auth\/verify\?token=[A-Za-z0-9_-]{43}/);
      expect(mail!.decoded).toContain('expires in 24 hours');
      // The link's token is kept only as its hash.
      const token = linkToken(mail!);
      expect(
        await db.collection('verification_tokens').findOne({ hash: digest(token), scope: 'verify' }),
      ).not.toBeNull();
      expect(JSON.stringify(await db.collection('verification_tokens').find().toArray())).not.toContain(
        token,
      );
    });
  });

  describe('POST /auth/verify', () => {
    it('verifies once: the same link a second time is invalid', async () => {
      await signup(person('verify@example.org'));
      const token = await lastLinkTo('verify@example.org');
      const res = await post('/auth/verify', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ok: true,
        status: 'verified',
        message: 'Your account is verified!',
        email: 'verify@example.org',
      });
      expect((await db.collection('users').findOne({ email: 'verify@example.org' }))!.verified).toBe(true);
      const again = await post('/auth/verify', { token });
      expectRefusal(again, 400, 'Invalid verification link.');
      expect(again.json().status).toBe('invalid');
    });

    it('calls a link expired after 24 hours (410, with the address for Resend)', async () => {
      await signup(person('late@example.org'));
      const token = await lastLinkTo('late@example.org');
      clock += 24 * HOUR + 1000;
      const res = await post('/auth/verify', { token });
      expectRefusal(res, 410, 'This verification link has expired.');
      expect(res.json()).toMatchObject({ status: 'expired', email: 'late@example.org' });
      expect((await db.collection('users').findOne({ email: 'late@example.org' }))!.verified).toBe(false);
      // Resend gives a fresh link that works.
      expect((await post('/auth/resend', { email: 'late@example.org' })).statusCode).toBe(202);
      const fresh = await lastLinkTo('late@example.org');
      expect(fresh).not.toBe(token);
      expect((await post('/auth/verify', { token: fresh })).statusCode).toBe(200);
    });

    it('accepts a link just before it expires', async () => {
      await signup(person('ontime@example.org'));
      const token = await lastLinkTo('ontime@example.org');
      clock += 24 * HOUR - 1000;
      expect((await post('/auth/verify', { token })).statusCode).toBe(200);
    });

    it('invalidates the old link when a new one is sent', async () => {
      await signup(person('replaced@example.org'));
      const first = await lastLinkTo('replaced@example.org');
      await post('/auth/resend', { email: 'replaced@example.org' });
      const second = await lastLinkTo('replaced@example.org');
      expect(second).not.toBe(first);
      expectRefusal(await post('/auth/verify', { token: first }), 400, 'Invalid verification link.');
      expect((await post('/auth/verify', { token: second })).statusCode).toBe(200);
    });

    it('calls a made-up, malformed or missing token invalid', async () => {
      for (const payload of [{ token: 'A'.repeat(43) }, { token: 'not a token' }, { token: '' }, {}]) {
        expectRefusal(await post('/auth/verify', payload), 400, 'Invalid verification link.');
      }
    });
  });

  describe('POST /auth/resend', () => {
    it('answers alike for an unknown, a verified and an unverified address; mails only the unverified', async () => {
      await signedIn('done@example.org');
      await signup(person('waiting@example.org'));
      await background.idle();
      const before = (await readOutbox(dataDir)).length;
      const answers = [];
      for (const email of ['ghost@example.org', 'done@example.org', 'Waiting@Example.org']) {
        const res = await post('/auth/resend', { email });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]).toEqual({
        status: 202,
        body: { ok: true, message: AUTH_MESSAGES.resendAccepted },
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      await background.idle();
      const sent = (await readOutbox(dataDir)).slice(before);
      expect(sent.map((m) => /^To: (.*)\r$/m.exec(m.raw)![1])).toEqual(['waiting@example.org']);
    });

    it('takes the sign-up answer token instead of the address, which grants nothing else', async () => {
      const { token } = (await signup(person('pending@example.org'))).json();
      await background.idle();
      expect((await post('/auth/resend', { token })).statusCode).toBe(202);
      await background.idle();
      expect(await mailsTo('pending@example.org')).toHaveLength(2);
      // Not a session, not a verification link.
      const asCookie = await app.inject({ url: '/auth/session', headers: { cookie: `plt=${token}` } });
      expect(asCookie.statusCode).toBe(401);
      expectRefusal(await post('/auth/verify', { token }), 400, 'Invalid verification link.');
      // A made-up token gets the same answer and sends nothing.
      expect((await post('/auth/resend', { token: 'B'.repeat(43) })).statusCode).toBe(202);
      await background.idle();
      expect(await mailsTo('pending@example.org')).toHaveLength(2);
    });

    it('needs exactly one of address or token, and a valid address', async () => {
      expectRefusal(await post('/auth/resend', {}), 400, AUTH_MESSAGES.resendNeedsEmail);
      expectRefusal(
        await post('/auth/resend', { email: 'a@example.org', token: 'x' }),
        400,
        AUTH_MESSAGES.resendNeedsEmail,
      );
      expectRefusal(await post('/auth/resend', { email: 'nope' }), 400, 'Invalid email address');
    });
  });

  describe('POST /auth/signin', () => {
    it('refuses an unverified account with 403 once the password is right, 401 before', async () => {
      await signup(person('unverified@example.org'));
      expectRefusal(await signin('unverified@example.org'), 403, 'Email not verified');
      expectRefusal(await signin('unverified@example.org', 'Wrong1234'), 401, 'Incorrect password');
    });

    it('answers a wrong password and an unknown address identically', async () => {
      await signedIn('known@example.org');
      const wrong = await signin('known@example.org', 'Wrong1234');
      const unknown = await signin('unknown@example.org', 'Wrong1234');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        error: 'Unauthorized',
        code: 'auth.incorrect_password',
        message: 'Incorrect password',
        statusCode: 401,
        ok: false,
      });
      expect(unknown.json()).toEqual(wrong.json());
      expect(unknown.headers['set-cookie']).toBeUndefined();
    });

    it('refuses missing fields in the SPEC words', async () => {
      expectRefusal(await post('/auth/signin', { password: 'x' }), 400, '*Required');
      expectRefusal(await post('/auth/signin', { email: 'x' }), 400, 'Password is required');
      expectRefusal(
        await post('/auth/signin', { email: 'a@example.org', password: '' }),
        400,
        'Password is required',
      );
      expectRefusal(
        await post('/auth/signin', { email: 'a@b', password: 'x' }),
        400,
        'Invalid email address',
      );
    });

    it('opens a session: HttpOnly plt cookie for an hour, stored only as a hash', async () => {
      await signup(person('session@example.org'));
      await post('/auth/verify', { token: await lastLinkTo('session@example.org') });
      const res = await signin('Session@Example.org');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, token: expect.any(String), message: 'Signed in' });
      expect(setCookieOf(res)).toEqual({
        name: 'plt',
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        attributes: ['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=Lax'],
      });
      const token = cookieOf(res);
      expect(res.json().token).not.toBe(token);
      // Signing in again from the same browser replaces that browser's session.
      const again = await post(
        '/auth/signin',
        { email: 'session@example.org', password: PASSWORD },
        {
          cookie: `plt=${token}`,
        },
      );
      expect(await db.collection('sessions').findOne({ hash: digest(token) })).toBeNull();
      const stored = await db.collection('sessions').findOne({ hash: digest(cookieOf(again)) });
      expect(stored!.expiresAt.getTime()).toBe(clock + HOUR);
      expect(JSON.stringify(await db.collection('sessions').find().toArray())).not.toContain(token);
    });

    it('marks the cookie Secure behind a trusted TLS proxy, and only then', async () => {
      await signedIn('tls@example.org');
      const trusting = await build({ trustProxy: 1 });
      const viaTls = await trusting.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: 'tls@example.org', password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(setCookieOf(viaTls)).toMatchObject({
        name: 'plt',
        attributes: expect.arrayContaining(['Secure']),
      });
      const untrusted = await post(
        '/auth/signin',
        { email: 'tls@example.org', password: PASSWORD },
        {
          'x-forwarded-proto': 'https',
        },
      );
      expect(String(untrusted.headers['set-cookie'])).not.toContain('Secure');
    });

    it('is __Host-plt and always Secure when PUBLIC_URL is https, even over plain HTTP behind a proxy', async () => {
      await signedIn('host-prefix@example.org');
      const tls = await build({ publicUrl: 'https://data.example.org' });
      const res = await signin('host-prefix@example.org', PASSWORD, tls);
      expect(res.statusCode).toBe(200);
      const set = setCookieOf(res);
      expect(set).toEqual({
        name: '__Host-plt',
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        attributes: ['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=Lax', 'Secure'],
      });
      // The session is read from that name only: a plain plt cookie (which any page of the domain could
      // plant) is not a session here.
      const session = (cookie: string) => tls.inject({ url: '/auth/session', headers: { cookie } });
      expect((await session(`__Host-plt=${set.value}`)).statusCode).toBe(200);
      expect((await session(`plt=${set.value}`)).statusCode).toBe(401);
      const proxied = await tls.inject({
        url: '/api/recordings/headers',
        headers: { cookie: `theme=dark; __Host-plt=${set.value}` },
      });
      expect(identityReceived(proxied.json(), SECRET, 'speech').ok).toBe(true);
      expect(proxied.json().headers.cookie).toBe('theme=dark');
      const out = await post('/auth/signout', {}, { cookie: `__Host-plt=${set.value}` }, tls);
      expect(setCookieOf(out)).toMatchObject({
        name: '__Host-plt',
        value: '',
        attributes: expect.arrayContaining(['Max-Age=0', 'Path=/', 'Secure', 'HttpOnly']),
      });
      expect((await session(`__Host-plt=${set.value}`)).statusCode).toBe(401);
    });
  });

  describe('GET /auth/session and POST /auth/signout', () => {
    it('names the signed-in person, and answers 401 without a valid session', async () => {
      const cookie = await signedIn('me@example.org', {
        firstname: 'Chidi',
        lastname: 'Eze',
        role: 'researcher',
      });
      const res = await app.inject({ url: '/auth/session', headers: { cookie: `other=1; plt=${cookie}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        user: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          firstname: 'Chidi',
          lastname: 'Eze',
          email: 'me@example.org',
          role: 'researcher',
        },
      });
      expectRefusal(await app.inject({ url: '/auth/session' }), 401, AUTH_MESSAGES.notSignedIn);
      expectRefusal(
        await app.inject({ url: '/auth/session', headers: { cookie: 'plt=forged' } }),
        401,
        AUTH_MESSAGES.notSignedIn,
      );
    });

    it('ends a session after an hour, even before the database sweeps it', async () => {
      const cookie = await signedIn('hour@example.org');
      clock += HOUR - 1000;
      expect(
        (await app.inject({ url: '/auth/session', headers: { cookie: `plt=${cookie}` } })).statusCode,
      ).toBe(200);
      clock += 2000;
      expect(
        (await app.inject({ url: '/auth/session', headers: { cookie: `plt=${cookie}` } })).statusCode,
      ).toBe(401);
      const proxied = await app.inject({
        url: '/api/sentences/headers',
        headers: { cookie: `plt=${cookie}` },
      });
      expect(proxied.json().headers['x-platform-identity']).toBeUndefined();
    });

    it('signs out: the session is deleted server-side and the cookie cleared', async () => {
      const cookie = await signedIn('bye@example.org');
      const res = await post('/auth/signout', {}, { cookie: `plt=${cookie}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(setCookieOf(res)).toMatchObject({
        name: 'plt',
        value: '',
        attributes: expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly', 'SameSite=Lax']),
      });
      expect(String(res.headers['set-cookie'])).not.toContain('Secure');
      expect(await db.collection('sessions').findOne({ hash: digest(cookie) })).toBeNull();
      expect(
        (await app.inject({ url: '/auth/session', headers: { cookie: `plt=${cookie}` } })).statusCode,
      ).toBe(401);
      // Signing out without a session is harmless, and needs no body even when one is announced.
      expect((await post('/auth/signout', {})).statusCode).toBe(200);
      const empty = await app.inject({
        method: 'POST',
        url: '/auth/signout',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(200);
    });
  });

  describe('identity for the services', () => {
    it("signs the session's id, role and name onto proxied requests, and keeps the cookie to itself", async () => {
      const cookie = await signedIn('signed@example.org', {
        firstname: 'Ngozi',
        lastname: 'Okafor',
        role: 'reviewer',
      });
      const res = await app.inject({
        url: '/api/recordings/headers',
        headers: { cookie: `theme=dark; plt=${cookie}` },
      });
      const received = res.json().headers as Record<string, string>;
      expect(
        verifyIdentity(received, SECRET, { method: 'GET', url: '/api/recordings/headers', service: 'text' })
          .ok,
      ).toBe(false);
      const user = await db.collection('users').findOne({ email: 'signed@example.org' });
      expect(identityReceived(res.json(), SECRET, 'speech')).toEqual({
        ok: true,
        identity: { id: user!._id.toHexString(), role: 'reviewer', name: 'Ngozi Okafor' },
      });
      expect(received.cookie).toBe('theme=dark');
      const anonymous = await app.inject({ url: '/api/recordings/headers' });
      expect(anonymous.json().headers['x-platform-identity']).toBeUndefined();
    });

    const identityOnProxiedCall = async (cookie: string) => {
      const res = await app.inject({ url: '/api/recordings/headers', headers: { cookie: `plt=${cookie}` } });
      const verified = identityReceived(res.json(), SECRET, 'speech');
      return verified.ok ? verified.identity : null;
    };

    it('stops vouching for a session the moment it is signed out', async () => {
      const cookie = await signedIn('leaving@example.org');
      expect(await identityOnProxiedCall(cookie)).toMatchObject({ role: 'contributor' });
      expect((await post('/auth/signout', {}, { cookie: `plt=${cookie}` })).statusCode).toBe(200);
      expect(await identityOnProxiedCall(cookie)).toBeNull();
    });

    it('takes up a change made outside this gateway within SESSION_CACHE_MS', async () => {
      const cookie = await signedIn('promoted@example.org');
      expect(await identityOnProxiedCall(cookie)).toMatchObject({ role: 'contributor' });
      // The admin command, or another gateway process, changes the database directly.
      await db
        .collection('users')
        .updateOne({ email: 'promoted@example.org' }, { $set: { role: 'reviewer' } });
      clock += SESSION_CACHE_MS;
      expect(await identityOnProxiedCall(cookie)).toMatchObject({ role: 'reviewer' });
      await db.collection('sessions').deleteOne({ hash: digest(cookie) });
      clock += SESSION_CACHE_MS;
      expect(await identityOnProxiedCall(cookie)).toBeNull();
    });

    it('never vouches for a session past its end, however recently it was looked up', async () => {
      const cookie = await signedIn('last-second@example.org');
      clock += HOUR - 500;
      expect(await identityOnProxiedCall(cookie)).not.toBeNull();
      clock += 501;
      expect(await identityOnProxiedCall(cookie)).toBeNull();
    });
  });

  describe('cross-origin writes', () => {
    it('refuses state-changing /auth and /api requests from another origin or a cross-site page', async () => {
      for (const [url, headers] of [
        ['/auth/signin', { origin: 'https://evil.example' }],
        ['/auth/auth/signup', { origin: 'http://localhost:3001' }],
        ['/auth/signout', { 'sec-fetch-site': 'cross-site' }],
        ['/api/recordings/echo', { origin: 'null' }],
      ] as const) {
        const res = await post(url, person('csrf@example.org'), { ...headers });
        expectRefusal(res, 403, 'Cross-origin requests are not allowed.');
      }
      expect(upstream.lastHeaders?.origin).not.toBe('null');
      expect(await db.collection('users').findOne({ email: 'csrf@example.org' })).toBeNull();
    });

    it('lets the own origin, its loopback aliases, configured origins and plain reads through', async () => {
      const own = await post(
        '/auth/auth/query.email',
        { email: 'x@example.org' },
        {
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
        },
      );
      expect(own.statusCode).toBe(200);
      const alias = await post(
        '/auth/auth/query.email',
        { email: 'x@example.org' },
        { origin: 'http://127.0.0.1:3000' },
      );
      expect(alias.statusCode).toBe(200);
      const read = await app.inject({ url: '/auth/session', headers: { origin: 'https://evil.example' } });
      expect(read.statusCode).toBe(401);
      const configured = await build({ allowedOrigins: ['http://localhost:3002'] });
      const res = await post(
        '/auth/auth/query.email',
        { email: 'x@example.org' },
        { origin: 'http://localhost:3002' },
        configured,
      );
      expect(res.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    // Counters live in the database, shared by every gateway on it (this suite's roomy one included), in
    // windows aligned to the clock: each test starts at the start of a fresh 15-minute (and 1-minute) window.
    const QUARTER = 15 * 60_000;
    beforeEach(() => {
      clock = (Math.floor(clock / QUARTER) + 1) * QUARTER;
    });

    it('limits sign-in per address and client, then per client, with 429 and the message; the window passes', async () => {
      const limited = await build({ rateLimits: {} });
      expect((await signup(person('target@example.org'))).statusCode).toBe(201);
      expect((await post('/auth/verify', { token: await lastLinkTo('target@example.org') })).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 5; i++) {
        expect((await signin('target@example.org', 'Wrong1234', limited)).statusCode).toBe(401);
      }
      const blocked = await signin('target@example.org', PASSWORD, limited);
      expectRefusal(blocked, 429, 'Too many sign-in attempts. Please wait a minute and try again.');
      expect(blocked.headers['retry-after']).toBe('60');
      // Other addresses from the same client still get through until the client's own limit (30 a minute).
      let status = 0;
      let attempts = 6;
      for (let i = 0; status !== 429 && i < 40; i++, attempts++) {
        status = (await signin(`spray${i}@example.org`, 'Wrong1234', limited)).statusCode;
      }
      expect(status).toBe(429);
      expect(attempts).toBe(31);
      clock += 61_000;
      expect((await signin('target@example.org', PASSWORD, limited)).statusCode).toBe(200);
    });

    it('limits resend per address', async () => {
      const limited = await build({ rateLimits: {} });
      for (let i = 0; i < 3; i++) {
        expect((await post('/auth/resend', { email: 'flood@example.org' }, {}, limited)).statusCode).toBe(
          202,
        );
      }
      const blocked = await post('/auth/resend', { email: 'Flood@example.org' }, {}, limited);
      expectRefusal(blocked, 429, AUTH_MESSAGES.tooManyRequests);
      expect(blocked.headers['retry-after']).toBe('900');
      expect((await post('/auth/resend', { email: 'other@example.org' }, {}, limited)).statusCode).toBe(202);
    });
  });

  describe('admin command', () => {
    const lines = { out: [] as string[], err: [] as string[] };
    const io = () => ({
      out: (l: string) => lines.out.push(l),
      err: (l: string) => lines.err.push(l),
      mongoUri: mongo.uri,
      dbName: db.databaseName,
    });

    it('makes an existing account an admin (and verified), which the session then shows', async () => {
      await signup(person('boss@example.org'));
      expect(await runAdmin(['--email', 'Boss@Example.org'], io())).toBe(0);
      expect(lines.out.at(-1)).toContain('boss@example.org is now an admin');
      const user = await db.collection('users').findOne({ email: 'boss@example.org' });
      expect(user).toMatchObject({ role: 'admin', verified: true });
      const res = await signin('boss@example.org');
      expect(res.statusCode).toBe(200);
      const session = await app.inject({ url: '/auth/session', headers: { cookie: `plt=${cookieOf(res)}` } });
      expect(session.json().user.role).toBe('admin');
    });

    it('refuses an unknown account with exit code 1 and a message', async () => {
      expect(await runAdmin(['--email', 'nobody@example.org'], io())).toBe(1);
      expect(lines.err.at(-1)).toBe(
        'No account with the email nobody@example.org. The person must sign up first.',
      );
    });

    it('explains itself with --help and on bad usage', async () => {
      expect(await runAdmin(['--help'], io())).toBe(0);
      expect(lines.out.at(-1)).toContain('Usage: npm run admin -- --email');
      expect(await runAdmin([], io())).toBe(2);
      expect(lines.err.at(-1)).toContain('--email is required');
      expect(await runAdmin(['--email', 'not-an-email'], io())).toBe(2);
      expect(await runAdmin(['--frobnicate'], io())).toBe(2);
    });
  });

  describe('the interface language', () => {
    const session = (cookie: string) =>
      app.inject({ url: '/auth/session', headers: { cookie: `plt=${cookie}` } });
    const putLocale = (payload: unknown, cookie?: string) =>
      app.inject({
        method: 'PUT',
        url: '/auth/locale',
        payload: payload as object,
        headers: cookie ? { cookie: `plt=${cookie}` } : {},
      });

    it("keeps a signed-in person's choice with the account and returns it with the session", async () => {
      const cookie = await signedIn('locale@example.org');
      expect((await session(cookie)).json().user.locale).toBeUndefined();
      const res = await putLocale({ locale: 'yo' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, locale: 'yo' });
      clock += SESSION_CACHE_MS + 1;
      expect((await session(cookie)).json().user.locale).toBe('yo');
    });

    it('refuses a language the interface does not speak, and a caller who is not signed in', async () => {
      const cookie = await signedIn('locale-bad@example.org');
      expect((await putLocale({ locale: 'fr' }, cookie)).statusCode).toBe(400);
      expect((await putLocale({ locale: 'yo', extra: 1 }, cookie)).statusCode).toBe(400);
      clock += SESSION_CACHE_MS + 1;
      expect((await session(cookie)).json().user.locale).toBeUndefined();
      expectRefusal(await putLocale({ locale: 'yo' }), 401, AUTH_MESSAGES.notSignedIn);
    });

    // The outbox test helper undoes quoted-printable byte by byte; the bytes are UTF-8.
    const utf8 = (decoded: string) => Buffer.from(decoded, 'latin1').toString('utf8');

    it('writes the verification mail in the language the visitor chose before signing up', async () => {
      const res = await post('/auth/auth/signup', person('yoruba@example.org'), { cookie: 'lang=yo' });
      expect(res.statusCode).toBe(201);
      await background.idle();
      const [mail] = await mailsTo('yoruba@example.org');
      expect(mail!.raw).toMatch(/Subject: =\?UTF-8\?/);
      expect(utf8(mail!.decoded)).toContain('Jọ̀wọ́ jẹ́rìísí àdírẹ́sì ímeèlì rẹ láti parí');
      // The resend follows the account's language too.
      await post('/auth/resend', { email: 'yoruba@example.org' });
      await background.idle();
      const mails = await mailsTo('yoruba@example.org');
      expect(mails).toHaveLength(2);
      expect(utf8(mails[1]!.decoded)).toContain('Ẹ n lẹ́ o Ada Obi');
      // Without a choice, English.
      await signup(person('english@example.org'));
      await background.idle();
      expect((await mailsTo('english@example.org'))[0]!.decoded).toContain(
        'Please confirm your email address',
      );
    });
  });
});
