import { AUTH_MESSAGES, pathParamNames, ROUTES, routeUrl, type RouteDeclaration } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { linkToken, readOutbox } from '../../../test/outbox';
import {
  ROOMY_RATE_LIMITS,
  startAccountsGateway,
  type AccountsGateway,
} from '../../../test/accounts-gateway';
import { BackgroundWork } from '../../accounts/background';
import { HASHING_BUSY_MESSAGE } from '../../accounts/passwords';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from '../../accounts/limits';
import { RATE_LIMITS, type CounterDoc } from './store';
import { WRITE_LIMIT_MESSAGES } from './write-limits';

const SECRET = 'rate-limit-test-secret';
const MINUTE = 60_000;

type Injected = Awaited<ReturnType<ServiceApp['inject']>>;

describe('rate limits in the database', () => {
  let gateway: AccountsGateway;
  // Whole minutes, so each test can start at the start of a fresh window.
  let clock = Math.ceil(Date.now() / MINUTE) * MINUTE;
  const background = new BackgroundWork();
  const build: AccountsGateway['build'] = (...args) => gateway.build(...args);

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gateway_limits',
      now: () => clock,
      background,
    });
  }, 30_000);
  afterAll(() => gateway?.close());
  beforeEach(() => {
    clock += MINUTE;
  });

  const post = (app: ServiceApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });
  const put = (app: ServiceApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url, payload: payload as object, headers });
  const queryEmail = (app: ServiceApp, headers: Record<string, string>) =>
    post(app, '/auth/auth/query.email', { email: 'someone@example.org' }, headers);
  const expectRefusal = (res: Injected, status: number, message: string) =>
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status,
      body: expect.objectContaining({ statusCode: status, message, error: expect.any(String) }),
    });

  /** A verified person signed in on `app`; answers the session cookie header. */
  const signedIn = async (app: ServiceApp, email: string) => {
    const person = { firstname: 'Ada', lastname: 'Obi', email, password: 'Secret123' };
    expect((await post(app, '/auth/auth/signup', person)).statusCode).toBe(201);
    await background.idle();
    const mails = await readOutbox(gateway.dataDir, email);
    expect((await post(app, '/auth/verify', { token: linkToken(mails.at(-1)!) })).statusCode).toBe(200);
    const res = await post(app, '/auth/signin', { email, password: 'Secret123' });
    expect(res.statusCode).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]! };
  };

  it('shares one count between two gateway processes on one database', async () => {
    const limits = { ...ROOMY_RATE_LIMITS, signinFailuresPerAddressClient: { max: 3, windowMs: MINUTE } };
    const [a, b] = [await build({ rateLimits: limits }), await build({ rateLimits: limits })];
    const attempt = (app: ServiceApp) =>
      post(app, '/auth/signin', { email: 'shared@example.org', password: 'Wrong1234' });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const blocked = await attempt(b);
    expectRefusal(blocked, 429, AUTH_MESSAGES.tooManySignins);
    expect(blocked.headers['retry-after']).toBe('60');
    expect((await attempt(a)).statusCode).toBe(429);
    clock += MINUTE;
    expect((await attempt(b)).statusCode).toBe(401);
  });

  describe('sign-in failures', () => {
    // The sign-in limits as shipped (30 attempts a minute per client; 5 failures a minute per address and
    // client; 10 a minute per address for clients that failed on it), the others out of the way.
    const SIGNIN_LIMITS = Object.fromEntries(
      Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [
        name,
        name.startsWith('signin') ? limit : ROOMY_RATE_LIMITS[name as keyof AccountRateLimits],
      ]),
    ) as unknown as AccountRateLimits;
    const signin = (app: ServiceApp, email: string, password: string, from: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email, password },
        remoteAddress: from,
      });

    it('lock out the client that fails on an address, never the owner signing in from elsewhere', async () => {
      const app = await build({ rateLimits: SIGNIN_LIMITS });
      await signedIn(app, 'victim@example.org');
      clock += MINUTE;
      const attacker = '203.0.113.66';
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await signin(app, 'victim@example.org', `Guess${i}abc`, attacker)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      // The owner, from their own network, gets in at once: the attacker's failures are not theirs.
      const owner = await signin(app, 'victim@example.org', 'Secret123', '198.51.100.20');
      expect(owner.statusCode).toBe(200);
      // The attacker's client stays locked out of that address, even with the right password.
      const locked = await signin(app, 'victim@example.org', 'Secret123', attacker);
      expectRefusal(locked, 429, AUTH_MESSAGES.tooManySignins);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // Rotating addresses inside one IPv6 /64 is one client too (its refusals counted no failures above).
      const six = (i: number) => `2001:db8:5:6::${i + 1}`;
      for (let i = 0; i < 5; i++) {
        expect((await signin(app, 'victim@example.org', `Guess${i}xyz`, six(i))).statusCode).toBe(401);
      }
      expect((await signin(app, 'victim@example.org', 'Secret123', six(9))).statusCode).toBe(429);
      clock += MINUTE;
      expect((await signin(app, 'victim@example.org', 'Secret123', attacker)).statusCode).toBe(200);
    });

    it('past the address’s own limit, holds back every client that failed on it, and only those', async () => {
      const app = await build({ rateLimits: SIGNIN_LIMITS });
      await signedIn(app, 'spread@example.org');
      clock += MINUTE;
      // Many clients, two guesses each: none reaches its own limit, together they reach the address's.
      const clients = Array.from({ length: 5 }, (_, i) => `192.0.2.${i + 10}`);
      for (const from of clients) {
        for (let i = 0; i < 2; i++) {
          expect((await signin(app, 'spread@example.org', `Guess${i}abc`, from)).statusCode).toBe(401);
        }
      }
      // A client new to the address still has its one guess; a second, past the address's limit, is refused.
      expect((await signin(app, 'spread@example.org', 'Guess0abc', '192.0.2.99')).statusCode).toBe(401);
      expect((await signin(app, 'spread@example.org', 'Secret123', '192.0.2.99')).statusCode).toBe(429);
      // Each client that failed is held back, the right password included…
      expect((await signin(app, 'spread@example.org', 'Secret123', clients[0]!)).statusCode).toBe(429);
      expect((await signin(app, 'spread@example.org', 'Wrong9999', clients[4]!)).statusCode).toBe(429);
      // …while a client that has not failed on it signs in.
      expect((await signin(app, 'spread@example.org', 'Secret123', '198.51.100.30')).statusCode).toBe(200);
    });

    it('still stops one client trying many addresses, and a right password does not count as a failure', async () => {
      const app = await build({ rateLimits: SIGNIN_LIMITS });
      await signedIn(app, 'sprayed@example.org');
      clock += MINUTE;
      const sprayer = '203.0.113.99';
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await signin(app, `person${i}@example.org`, 'Guess1abc', sprayer)).statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expectRefusal(
        await signin(app, 'sprayed@example.org', 'Secret123', sprayer),
        429,
        AUTH_MESSAGES.tooManySignins,
      );
      // Signing in rightly, again and again, never locks a client out of its own address.
      clock += MINUTE;
      const home = '198.51.100.40';
      for (let i = 0; i < 8; i++) {
        expect((await signin(app, 'sprayed@example.org', 'Secret123', home)).statusCode).toBe(200);
      }
      expect((await signin(app, 'sprayed@example.org', 'Wrong9999', home)).statusCode).toBe(401);
      expect((await signin(app, 'sprayed@example.org', 'Secret123', home)).statusCode).toBe(200);
    });
  });

  it('keeps its counters as documents that expire with their window, not in the process', async () => {
    const app = await build({
      rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 5, windowMs: MINUTE } },
    });
    expect((await queryEmail(app, {})).statusCode).toBe(200);
    const counters = app.database!.db.collection<CounterDoc>(RATE_LIMITS);
    const counter = await counters.findOne({ _id: { $regex: /^queryEmailPerClient:127\.0\.0\.1\|/ } });
    expect(counter).toMatchObject({ count: 1, expiresAt: new Date(clock + MINUTE) });
    const indexes = await counters.indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 })]),
    );
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a spoofed header does not change the key', async () => {
    const app = await build({
      rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 2, windowMs: MINUTE } },
    });
    expect((await queryEmail(app, { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200);
    expect((await queryEmail(app, { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(200);
    const third = await queryEmail(app, { 'x-forwarded-for': '203.0.113.3' });
    expectRefusal(third, 429, AUTH_MESSAGES.tooManyRequests);
  });

  it('with TRUST_PROXY=1 counts only the last hop, whatever the client wrote before it', async () => {
    const app = await build({
      trustProxy: 1,
      rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 2, windowMs: MINUTE } },
    });
    const via = (claimed: string, proxySaw: string) => ({ 'x-forwarded-for': `${claimed}, ${proxySaw}` });
    expect((await queryEmail(app, via('10.0.0.1', '198.51.100.7'))).statusCode).toBe(200);
    expect((await queryEmail(app, via('10.0.0.2', '198.51.100.7'))).statusCode).toBe(200);
    expect((await queryEmail(app, via('10.0.0.3', '198.51.100.7'))).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await queryEmail(app, via('10.0.0.3', '198.51.100.8'))).statusCode).toBe(200);
  });

  it("limits each signed-in person's writes by their id, with 429, Retry-After and a message", async () => {
    const app = await build({ writeLimits: { writes: { max: 3, windowMs: MINUTE } } });
    const ada = await signedIn(app, 'writer-ada@example.org');
    const ben = await signedIn(app, 'writer-ben@example.org');
    const write = (who: Record<string, string>, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST') =>
      app.inject({ method, url: '/api/recordings/echo', headers: who, payload: 'x' });
    expect((await write(ada)).statusCode).toBe(200);
    expect((await write(ada, 'PUT')).statusCode).toBe(200);
    expect((await write(ada, 'DELETE')).statusCode).toBe(200);
    gateway.upstream.received.length = 0;
    const blocked = await write(ada, 'PATCH');
    expectRefusal(blocked, 429, WRITE_LIMIT_MESSAGES.writes);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(gateway.upstream.received).toEqual([]);
    // Reads go on; another person from the same address is counted apart; people signed out are not counted
    // here (the services refuse their writes).
    expect((await app.inject({ url: '/api/recordings/headers', headers: ada })).statusCode).toBe(200);
    expect((await write(ben)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await write({})).statusCode).toBe(200);
    clock += MINUTE;
    expect((await write(ada)).statusCode).toBe(200);
  });

  it('limits recording uploads more strictly, counting them as writes too', async () => {
    const app = await build({
      writeLimits: { writes: { max: 5, windowMs: MINUTE }, uploads: { max: 2, windowMs: MINUTE } },
    });
    const cara = await signedIn(app, 'uploader@example.org');
    const upload = () => app.inject({ method: 'POST', url: '/api/recordings', headers: cara, payload: 'x' });
    // The stand-in service has no upload route (404): what matters is that the gateway let them through.
    expect((await upload()).statusCode).toBe(404);
    expect((await upload()).statusCode).toBe(404);
    const blocked = await upload();
    expectRefusal(blocked, 429, WRITE_LIMIT_MESSAGES.uploads);
    expect(Number(blocked.headers['retry-after'])).toBe(60);
    const other = () =>
      app.inject({ method: 'POST', url: '/api/recordings/echo', headers: cara, payload: 'x' });
    // Three uploads (the refused one too) and two other writes make the five writes allowed.
    expect((await other()).statusCode).toBe(200);
    expect((await other()).statusCode).toBe(200);
    expectRefusal(await other(), 429, WRITE_LIMIT_MESSAGES.writes);
  });

  describe('every state-changing route, wherever it is served', () => {
    /** Every write a person can send: the gateway's own routes and the services' behind the proxy. */
    const WRITE_ROUTES = ROUTES.filter(
      (r) =>
        r.method !== 'GET' &&
        r.owner !== 'every-service' &&
        r.access !== 'service' &&
        /^\/(api|auth|audio)\//.test(r.path),
    );
    const urlOf = (r: RouteDeclaration) =>
      routeUrl(
        r.path,
        Object.fromEntries(pathParamNames(r.path).map((n) => [n, '0123456789abcdef01234567'])),
      );

    it('counts each under the person’s write limit, refused before the route does anything', async () => {
      const app = await build({ writeLimits: { writes: { max: 1, windowMs: MINUTE } } });
      const dan = await signedIn(app, 'every-write@example.org');
      expect(WRITE_ROUTES.filter((r) => r.owner === 'gateway').length).toBeGreaterThan(10);
      // The one write the window allows.
      expect((await put(app, '/auth/locale', { locale: 'ha' }, dan)).statusCode).toBe(200);
      const passed: string[] = [];
      for (const route of WRITE_ROUTES) {
        const res = await app.inject({
          method: route.method,
          url: urlOf(route),
          headers: dan,
          payload: {},
        });
        const body = res.statusCode === 429 ? res.json() : null;
        if (body?.message !== WRITE_LIMIT_MESSAGES.writes && body?.message !== WRITE_LIMIT_MESSAGES.uploads) {
          passed.push(`${route.name} (${route.owner}): ${res.statusCode}`);
        }
      }
      expect(passed).toEqual([]);
      // Nothing was done: the account is there, with the language it had, and the session still works.
      const session = await app.inject({ url: '/auth/session', headers: dan });
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toMatchObject({ email: 'every-write@example.org', locale: 'ha' });
    });

    it('counts every route that stores files under the upload limit, as its declaration says', async () => {
      const app = await build({
        writeLimits: { writes: { max: 100, windowMs: MINUTE }, uploads: { max: 1, windowMs: MINUTE } },
      });
      const eve = await signedIn(app, 'every-upload@example.org');
      const stores = ROUTES.filter((r) => r.storesFiles);
      expect(stores.map((r) => r.name).sort()).toEqual(
        expect.arrayContaining(['postAudioPair', 'postDatasetUpload', 'postRecording']),
      );
      const send = (r: RouteDeclaration) =>
        app.inject({ method: r.method, url: urlOf(r), headers: eve, payload: 'x' });
      await send(stores[0]!);
      for (const route of stores) {
        const res = await send(route);
        expect({ route: route.name, status: res.statusCode, message: res.json().message }).toEqual({
          route: route.name,
          status: 429,
          message: WRITE_LIMIT_MESSAGES.uploads,
        });
      }
      // Other writes are not uploads.
      expect(
        (await app.inject({ method: 'POST', url: '/api/recordings/echo', headers: eve, payload: 'x' }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('answers 503 with Retry-After when the password-hashing queue is full, and works again after', async () => {
    const app = await build({ passwordLogN: 15, hashing: { concurrency: 1, queue: 1 } });
    const signin = (i: number) =>
      post(app, '/auth/signin', { email: `nobody${i}@example.org`, password: 'Wrong1234' });
    expect((await signin(0)).statusCode).toBe(401);
    const burst = await Promise.all([1, 2, 3, 4, 5, 6].map(signin));
    const busy = burst.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(burst.filter((res) => res.statusCode !== 503).every((res) => res.statusCode === 401)).toBe(true);
    expect(busy[0]!.headers['retry-after']).toBe('5');
    expect(busy[0]!.json()).toEqual({
      error: 'Service Unavailable',
      code: 'server.busy',
      message: HASHING_BUSY_MESSAGE,
      statusCode: 503,
      ok: false,
    });
    expect((await signin(7)).statusCode).toBe(401);
  }, 30_000);
});
