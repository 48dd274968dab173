import type { AddressInfo } from 'node:net';
import { ObjectId, type Db } from 'mongodb';
import { Type } from '@sinclair/typebox';
import {
  API_TOKENS_MAX,
  defineRoute,
  ERROR_MESSAGES,
  Identity,
  type ApiTokenCreated,
  type ApiTokenList,
} from '@platform/contracts';
import { createService, serveRoute, type ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../test/outbox';
import { identityReceived, type EchoedRequest } from '../../test/upstream';
import { BackgroundWork } from '../accounts/background';
import { digest } from '../accounts/secrets';
import { API_TOKENS } from './store';
import { SECRET_SHAPE } from './token-secret';

const SECRET = 'api-tokens-test-secret';
const MINUTE = 60_000;
type Injected = Awaited<ReturnType<ServiceApp['inject']>>;

/** Routes a stand-in speech service serves under /api/datasets (which the gateway routes to speech). */
const tokenProbe = defineRoute({
  name: 'tokenProbe',
  method: 'GET',
  path: '/api/datasets/probe/token',
  owner: 'speech',
  access: ['researcher', 'admin'],
  summary: 'Who called (API tokens welcome)',
  tag: 'test',
  apiToken: true,
  reply: { 200: Identity },
});
const sessionProbe = defineRoute({
  name: 'sessionProbe',
  method: 'GET',
  path: '/api/datasets/probe/session',
  owner: 'speech',
  access: ['researcher', 'admin'],
  summary: 'Who called (no API tokens)',
  tag: 'test',
  reply: { 200: Type.Object({ ok: Type.Boolean() }) },
});

describe('personal API tokens', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let db: Db;
  let service: ServiceApp;
  let throughService: ServiceApp;
  // Whole minutes, so each test starts at the start of a fresh rate-limit window.
  let clock = Math.ceil(Date.now() / MINUTE) * MINUTE;
  const background = new BackgroundWork();
  let people = 0;

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gateway_tokens',
      now: () => clock,
      background,
    });
    app = gateway.app;
    db = app.database!.db;
    // A real service built with the kit, so the test sees what a service does with a token's identity.
    service = await createService({
      name: 'speech',
      identitySecret: SECRET,
      logger: false,
      routes: async (scope) => {
        serveRoute(scope, tokenProbe, async (request) => request.identity);
        serveRoute(scope, sessionProbe, async () => ({ ok: true }));
      },
    });
    await service.listen({ port: 0, host: '127.0.0.1' });
    const serviceUrl = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    throughService = await gateway.build({ upstreams: { text: gateway.upstream.url, speech: serviceUrl } });
  }, 30_000);
  afterAll(async () => {
    await service?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    clock = (Math.floor(clock / MINUTE) + 1) * MINUTE;
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'GET', url, headers });
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const expectError = (res: Injected, status: number, code: string) => {
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
  };

  /** A verified person with an open session: their session cookie header and their id. */
  const signedIn = async (role: 'researcher' | 'contributor' = 'researcher') => {
    people += 1;
    const email = `token.person${people}@example.org`;
    const person = { firstname: 'Ada', lastname: 'Obi', email, password: 'Secret123', role };
    expect((await post('/auth/auth/signup', person)).statusCode).toBe(201);
    await background.idle();
    const mails = await readOutbox(gateway.dataDir, email);
    expect((await post('/auth/verify', { token: linkToken(mails.at(-1)!) })).statusCode).toBe(200);
    const res = await post('/auth/signin', { email, password: 'Secret123' });
    expect(res.statusCode).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]!, id: res.json().token as string };
  };
  const create = async (cookie: string, name = 'my script') => {
    const res = await post('/api/tokens', { name }, { cookie });
    expect(res.statusCode).toBe(201);
    return res.json() as ApiTokenCreated;
  };
  const list = async (cookie: string) => {
    const res = await get('/api/tokens', { cookie });
    expect(res.statusCode).toBe(200);
    return res.json() as ApiTokenList;
  };
  const revoke = (cookie: string, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { cookie } });

  it('creates a named token whose secret is answered once and stored only as its SHA-256', async () => {
    const { cookie } = await signedIn();
    const res = await post('/api/tokens', { name: '  Lab laptop ' }, { cookie });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json() as ApiTokenCreated;
    expect(created.secret).toMatch(SECRET_SHAPE);
    expect(created.token).toEqual({
      id: expect.any(String),
      name: 'Lab laptop',
      prefix: created.secret.slice(0, 12),
      createdAt: new Date(clock).toISOString(),
      lastUsedAt: null,
    });
    const listed = await get('/api/tokens', { cookie });
    expect(listed.json()).toEqual({ items: [created.token] });
    expect(listed.body).not.toContain(created.secret);
    const stored = await db.collection(API_TOKENS).findOne({ _id: new ObjectId(created.token.id) });
    expect(stored).toMatchObject({ hash: digest(created.secret), revokedAt: null });
    expect(JSON.stringify(stored)).not.toContain(created.secret);
  });

  it('refuses a blank or overlong name and stores nothing', async () => {
    const { cookie } = await signedIn();
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      expectError(await post('/api/tokens', { name }, { cookie }), 400, 'validation.failed');
    }
    expectError(await post('/api/tokens', {}, { cookie }), 400, 'validation.failed');
    expect((await list(cookie)).items).toEqual([]);
  });

  it('is for researchers and admins with a session only', async () => {
    expectError(await get('/api/tokens'), 401, 'identity.missing');
    const contributor = await signedIn('contributor');
    expectError(await get('/api/tokens', { cookie: contributor.cookie }), 403, 'access.role_forbidden');
    expectError(
      await post('/api/tokens', { name: 'x' }, { cookie: contributor.cookie }),
      403,
      'access.role_forbidden',
    );
  });

  it('lets a token read an apiToken route as its owner, marked via api-token, without the secret', async () => {
    const { cookie, id } = await signedIn();
    const { secret } = await create(cookie);
    const res = await get('/api/datasets/probe/token', bearer(secret), throughService);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, role: 'researcher', name: 'Ada Obi', via: 'api-token' });
    // What the service receives: a signed identity, never the token itself.
    const echoed = (await get('/api/datasets/headers', bearer(secret))).json() as EchoedRequest;
    expect(echoed.headers.authorization).toBeUndefined();
    expect(identityReceived(echoed, SECRET, 'speech')).toEqual({
      ok: true,
      identity: { id, role: 'researcher', name: 'Ada Obi', via: 'api-token' },
    });
  });

  it('is refused by a service route that does not accept tokens, which a session may call', async () => {
    const { cookie } = await signedIn();
    const { secret } = await create(cookie);
    expectError(
      await get('/api/datasets/probe/session', bearer(secret), throughService),
      403,
      'access.token_forbidden',
    );
    expect((await get('/api/datasets/probe/session', { cookie }, throughService)).json()).toEqual({
      ok: true,
    });
  });

  it("carries the owner's current role, not the one they had when the token was made", async () => {
    const { cookie, id } = await signedIn();
    const { secret } = await create(cookie);
    await db.collection('users').updateOne({ _id: new ObjectId(id) }, { $set: { role: 'contributor' } });
    expectError(
      await get('/api/datasets/probe/token', bearer(secret), throughService),
      403,
      'access.role_forbidden',
    );
  });

  it('writes nothing with a token: any other method is 403 before a service is reached', async () => {
    const { cookie } = await signedIn();
    const { secret } = await create(cookie);
    gateway.upstream.received.length = 0;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/datasets/headers', headers: bearer(secret) });
      expectError(res, 403, 'access.token_forbidden');
      expect(res.json().message).toBe(ERROR_MESSAGES['access.token_forbidden']);
    }
    expect(gateway.upstream.received).toEqual([]);
  });

  it("refuses a token on the gateway's own routes: no tokens made with a token, no session opened", async () => {
    const { cookie } = await signedIn();
    const { secret, token } = await create(cookie);
    expectError(await get('/api/tokens', bearer(secret)), 403, 'access.token_forbidden');
    expectError(await post('/api/tokens', { name: 'more' }, bearer(secret)), 403, 'access.token_forbidden');
    expectError(await get('/auth/session', bearer(secret)), 403, 'access.token_forbidden');
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/tokens/${token.id}`, headers: bearer(secret) }),
      403,
      'access.token_forbidden',
    );
    expect((await list(cookie)).items).toHaveLength(1);
  });

  it('answers 401 for a revoked, unknown or malformed token, even beside a valid session cookie', async () => {
    const { cookie } = await signedIn();
    const { secret, token } = await create(cookie);
    expect((await get('/api/datasets/headers', bearer(secret))).statusCode).toBe(200);
    const revoked = await revoke(cookie, token.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: token.id, revoked: true });
    expect((await list(cookie)).items).toEqual([]);
    gateway.upstream.received.length = 0;
    for (const header of [`Bearer ${secret}`, `Bearer plt_${'A'.repeat(43)}`, 'Bearer nonsense', 'Bearer']) {
      const res = await get('/api/datasets/headers', { authorization: header, cookie });
      expectError(res, 401, 'api_token.invalid');
    }
    expect(gateway.upstream.received).toEqual([]);
  });

  it("revokes only one's own tokens: someone else's id is 404 and their token keeps working", async () => {
    const alice = await signedIn();
    const bola = await signedIn();
    const alices = await create(alice.cookie);
    expectError(await revoke(bola.cookie, alices.token.id), 404, 'api_token.not_found');
    expectError(await revoke(bola.cookie, new ObjectId().toHexString()), 404, 'api_token.not_found');
    expectError(await revoke(bola.cookie, 'not-an-id'), 404, 'api_token.not_found');
    expect((await list(bola.cookie)).items).toEqual([]);
    expect((await get('/api/datasets/headers', bearer(alices.secret))).statusCode).toBe(200);
    expect(await revoke(alice.cookie, alices.token.id)).toMatchObject({ statusCode: 200 });
    expectError(await revoke(alice.cookie, alices.token.id), 404, 'api_token.not_found');
  });

  it(`holds at most ${API_TOKENS_MAX} live tokens per person; revoking one makes room`, async () => {
    const { cookie } = await signedIn();
    const made = await Promise.all(Array.from({ length: API_TOKENS_MAX }, (_, i) => create(cookie, `t${i}`)));
    expectError(await post('/api/tokens', { name: 'one more' }, { cookie }), 409, 'api_token.limit');
    expect((await list(cookie)).items).toHaveLength(API_TOKENS_MAX);
    expect((await revoke(cookie, made[0]!.token.id)).statusCode).toBe(200);
    await create(cookie, 'one more');
    expect((await list(cookie)).items.map((t) => t.name)).toContain('one more');
  });

  it('never exceeds the cap when creations race', async () => {
    const { cookie } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: API_TOKENS_MAX + 5 }, (_, i) =>
        post('/api/tokens', { name: `r${i}` }, { cookie }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201).length).toBeLessThanOrEqual(API_TOKENS_MAX);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect((await list(cookie)).items.length).toBeLessThanOrEqual(API_TOKENS_MAX);
  });

  it('records when a token was last used, at most once a minute', async () => {
    const { cookie } = await signedIn();
    const { secret } = await create(cookie);
    const first = clock;
    await get('/api/datasets/headers', bearer(secret));
    expect((await list(cookie)).items[0]!.lastUsedAt).toBe(new Date(first).toISOString());
    clock += 30_000;
    await get('/api/datasets/headers', bearer(secret));
    expect((await list(cookie)).items[0]!.lastUsedAt).toBe(new Date(first).toISOString());
    clock += 31_000;
    await get('/api/datasets/headers', bearer(secret));
    expect((await list(cookie)).items[0]!.lastUsedAt).toBe(new Date(clock).toISOString());
  });

  it('limits each token to its calls a minute (429 with Retry-After), counted per token', async () => {
    const limited = await gateway.build({ apiTokens: { rateLimit: { max: 3, windowMs: MINUTE } } });
    const { cookie } = await signedIn();
    const [one, two] = [await create(cookie, 'one'), await create(cookie, 'two')];
    for (let i = 0; i < 3; i++) {
      expect((await get('/api/datasets/headers', bearer(one.secret), limited)).statusCode).toBe(200);
    }
    const refused = await get('/api/datasets/headers', bearer(one.secret), limited);
    expectError(refused, 429, 'rate_limit.exceeded');
    expect(refused.headers['retry-after']).toBe('60');
    // Another token of the same person, and the person's own session, have their own allowance.
    expect((await get('/api/datasets/headers', bearer(two.secret), limited)).statusCode).toBe(200);
    expect((await get('/api/datasets/headers', { cookie }, limited)).statusCode).toBe(200);
    clock += MINUTE;
    expect((await get('/api/datasets/headers', bearer(one.secret), limited)).statusCode).toBe(200);
  });

  it('declares its collection indexes: one token per hash, a person’s live tokens by date', async () => {
    const indexes = await db.collection(API_TOKENS).indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { hash: 1 }, unique: true }),
        expect.objectContaining({ key: { userId: 1, revokedAt: 1, createdAt: -1 } }),
      ]),
    );
  });
});
