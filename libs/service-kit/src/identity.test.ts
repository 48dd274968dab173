import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from './create-service';
import { loadIdentitySecret, signIdentity, verifyIdentity } from './identity';
import { Type } from '@sinclair/typebox';
import { defineRoute, Identity, type Access } from '@platform/contracts';
import { serveRoute } from './serve-route';
import type { ServiceApp } from './service-app';

const SECRET = 'a'.repeat(64);
const person = { id: 'user42', role: 'contributor' as const };
const call = { method: 'POST', url: '/api/recordings/r1/validate?x=1', service: 'speech' };

describe('signIdentity / verifyIdentity', () => {
  it('round-trips a signed identity for the request it was signed for', () => {
    const headers = signIdentity(person, SECRET, call);
    expect(Object.keys(headers).sort()).toEqual([
      'x-platform-identity',
      'x-platform-identity-sig',
      'x-platform-identity-ts',
    ]);
    expect(JSON.parse(Buffer.from(headers['x-platform-identity']!, 'base64url').toString())).toEqual(person);
    expect(verifyIdentity(headers, SECRET, call)).toEqual({ ok: true, identity: person });
    // The method is compared whatever its case.
    expect(verifyIdentity(headers, SECRET, { ...call, method: 'post' }).ok).toBe(true);
  });

  it.each([
    ['another method', { ...call, method: 'DELETE' }],
    ['another path', { ...call, url: '/api/recordings/r2/validate?x=1' }],
    ['another query', { ...call, url: '/api/recordings/r1/validate?x=2' }],
    ['no query', { ...call, url: '/api/recordings/r1/validate' }],
    ['another service', { ...call, service: 'text' }],
  ])('refuses captured headers replayed on %s', (_label, replay) => {
    const headers = signIdentity(person, SECRET, call);
    expect(verifyIdentity(headers, SECRET, replay)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses another secret, a changed identity, and a timestamp more than 60 s away', () => {
    const headers = signIdentity(person, SECRET, call);
    expect(verifyIdentity(headers, 'b'.repeat(64), call)).toEqual({ ok: false, reason: 'bad-signature' });
    const promoted = Buffer.from(JSON.stringify({ id: 'user42', role: 'admin' })).toString('base64url');
    expect(verifyIdentity({ ...headers, 'x-platform-identity': promoted }, SECRET, call)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const now = Date.now();
    const at = (t: number) => verifyIdentity(signIdentity(person, SECRET, call, t), SECRET, call, now);
    expect(at(now - 61_000)).toEqual({ ok: false, reason: 'stale' });
    expect(at(now + 61_000)).toEqual({ ok: false, reason: 'stale' });
    expect(at(now - 59_000).ok).toBe(true);
  });

  it('refuses a well signed identity whose content is not an identity', () => {
    const headers = signIdentity({ id: 'x', role: 'contributor' }, SECRET, call);
    const forgedPayload = Buffer.from('{"id":"x","role":"superuser"}').toString('base64url');
    const ts = headers['x-platform-identity-ts']!;
    const text = ['v2', ts, call.method, call.service, call.url, forgedPayload].join('\n');
    const sig = createHmac('sha256', SECRET).update(text).digest('hex');
    expect(
      verifyIdentity(
        {
          'x-platform-identity': forgedPayload,
          'x-platform-identity-ts': ts,
          'x-platform-identity-sig': sig,
        },
        SECRET,
        call,
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
  });
});

const testRoute = (name: string, method: 'GET' | 'POST', path: string, access: Access) =>
  defineRoute({
    name,
    method,
    path,
    owner: 'text',
    access,
    summary: name,
    tag: 'test',
    reply: { 200: Type.Union([Identity, Type.Object({ ok: Type.Boolean() })]) },
  });
const meRoute = testRoute('testMe', 'GET', '/me', 'signedIn');
const mePostRoute = testRoute('testMePost', 'POST', '/me', 'signedIn');
const adminRoute = testRoute('testAdmin', 'GET', '/admin', ['admin']);
const jobRoute = testRoute('testJob', 'GET', '/internal/job', 'service');

describe('identity on a service', () => {
  let app: ServiceApp;
  const me = { method: 'GET', url: '/me', service: 'identity-test' };
  beforeAll(async () => {
    app = await createService({
      name: 'identity-test',
      logger: false,
      identitySecret: SECRET,
      routes: async (instance) => {
        serveRoute(instance, meRoute, async (request) => request.identity);
        serveRoute(instance, mePostRoute, async (request) => request.identity);
        serveRoute(instance, adminRoute, async () => ({ ok: true }));
        serveRoute(instance, jobRoute, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => app.close());

  it('accepts a good signature for this very request', async () => {
    const res = await app.inject({ url: '/me', headers: signIdentity(person, SECRET, me) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(person);
  });

  it.each([
    ['no identity', {}],
    [
      'a bare unsigned header',
      { 'x-platform-identity': Buffer.from(JSON.stringify(person)).toString('base64url') },
    ],
    ['a signature made with another key', signIdentity(person, 'wrong-secret', me)],
    ['a signature older than 60 s', signIdentity(person, SECRET, me, Date.now() - 61_000)],
    ['a garbage signature', { ...signIdentity(person, SECRET, me), 'x-platform-identity-sig': 'zz' }],
    ['headers signed for another path', signIdentity(person, SECRET, { ...me, url: '/admin' })],
    ['headers signed for another query', signIdentity(person, SECRET, { ...me, url: '/me?all=1' })],
    ['headers signed for another method', signIdentity(person, SECRET, { ...me, method: 'POST' })],
    ['headers signed for another service', signIdentity(person, SECRET, { ...me, service: 'speech' })],
  ])('answers 401 ErrorBody for %s', async (_label, headers) => {
    const res = await app.inject({ url: '/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
    expect(res.json().code).toMatch(/^identity\./);
  });

  it("refuses a GET's headers replayed on a POST to the same path", async () => {
    const res = await app.inject({ method: 'POST', url: '/me', headers: signIdentity(person, SECRET, me) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 for a role that is not allowed; a service identity is a role of its own', async () => {
    const admin = { method: 'GET', url: '/admin', service: 'identity-test' };
    const job = { ...admin, url: '/internal/job' };
    expect(
      (await app.inject({ url: '/admin', headers: signIdentity(person, SECRET, admin) })).statusCode,
    ).toBe(403);
    const root = { id: 'root1', role: 'admin' as const };
    expect((await app.inject({ url: '/admin', headers: signIdentity(root, SECRET, admin) })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ url: '/internal/job', headers: signIdentity(root, SECRET, job) })).statusCode,
    ).toBe(403);
    const speech = { id: 'service-speech', role: 'service' as const };
    const asService = signIdentity(speech, SECRET, job);
    expect((await app.inject({ url: '/internal/job', headers: asService })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/admin', headers: signIdentity(speech, SECRET, admin) })).statusCode,
    ).toBe(403);
  });
});

describe('loadIdentitySecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-secret-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('prefers IDENTITY_SECRET', () => {
    expect(loadIdentitySecret(dir, { IDENTITY_SECRET: 'from-env' })).toBe('from-env');
  });

  it('creates a private 32-byte secret file once and reuses it', async () => {
    const dataDir = join(dir, 'nested', '.data');
    const first = loadIdentitySecret(dataDir, {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, 'identity-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(first);
    expect(loadIdentitySecret(dataDir, {})).toBe(first);
  });
});
