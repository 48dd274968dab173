import { AUTH_MESSAGES } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { linkToken, readOutbox } from '../../test/outbox';
import { ROOMY_RATE_LIMITS, startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';
import { HASHING_BUSY_MESSAGE } from '../accounts/passwords';
import { rateLimitCounters } from './mongo-store';
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
    const limits = { ...ROOMY_RATE_LIMITS, signinPerAddress: { max: 3, windowMs: MINUTE } };
    const [a, b] = [await build({}, { rateLimits: limits }), await build({}, { rateLimits: limits })];
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

  it('keeps its counters as documents that expire with their window, not in the process', async () => {
    const app = await build(
      {},
      { rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 5, windowMs: MINUTE } } },
    );
    expect((await queryEmail(app, {})).statusCode).toBe(200);
    const counters = rateLimitCounters(app.database!.db);
    const counter = await counters.findOne({ _id: { $regex: /^queryEmailPerClient:127\.0\.0\.1\|/ } });
    expect(counter).toMatchObject({ count: 1, expiresAt: new Date(clock + MINUTE) });
    const indexes = await counters.indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 })]),
    );
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a spoofed header does not change the key', async () => {
    const app = await build(
      {},
      { rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 2, windowMs: MINUTE } } },
    );
    expect((await queryEmail(app, { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200);
    expect((await queryEmail(app, { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(200);
    const third = await queryEmail(app, { 'x-forwarded-for': '203.0.113.3' });
    expectRefusal(third, 429, AUTH_MESSAGES.tooManyRequests);
  });

  it('with TRUST_PROXY=1 counts only the last hop, whatever the client wrote before it', async () => {
    const app = await build(
      { trustProxy: 1 },
      { rateLimits: { ...ROOMY_RATE_LIMITS, queryEmailPerClient: { max: 2, windowMs: MINUTE } } },
    );
    const via = (claimed: string, proxySaw: string) => ({ 'x-forwarded-for': `${claimed}, ${proxySaw}` });
    expect((await queryEmail(app, via('10.0.0.1', '198.51.100.7'))).statusCode).toBe(200);
    expect((await queryEmail(app, via('10.0.0.2', '198.51.100.7'))).statusCode).toBe(200);
    expect((await queryEmail(app, via('10.0.0.3', '198.51.100.7'))).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await queryEmail(app, via('10.0.0.3', '198.51.100.8'))).statusCode).toBe(200);
  });

  it("limits each signed-in person's writes by their id, with 429, Retry-After and a message", async () => {
    const app = await build({}, { writeLimits: { writes: { max: 3, windowMs: MINUTE } } });
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
    const app = await build(
      {},
      { writeLimits: { writes: { max: 5, windowMs: MINUTE }, uploads: { max: 2, windowMs: MINUTE } } },
    );
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

  it('answers 503 with Retry-After when the password-hashing queue is full, and works again after', async () => {
    const app = await build({}, { passwordLogN: 15, hashing: { concurrency: 1, queue: 1 } });
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
