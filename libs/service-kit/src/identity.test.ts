import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from './create-service';
import { loadIdentitySecret, signIdentity, verifyIdentity } from './identity';
import { requireIdentity, requireRole } from './identity-plugin';
import type { ServiceApp } from './service-app';

const SECRET = 'a'.repeat(64);
const person = { id: 'user42', role: 'contributor' as const };

describe('signIdentity / verifyIdentity', () => {
  it('round-trips a signed identity', () => {
    const headers = signIdentity(person, SECRET);
    expect(Object.keys(headers).sort()).toEqual([
      'x-platform-identity',
      'x-platform-identity-sig',
      'x-platform-identity-ts',
    ]);
    expect(JSON.parse(Buffer.from(headers['x-platform-identity']!, 'base64url').toString())).toEqual(person);
    expect(verifyIdentity(headers, SECRET)).toEqual({ ok: true, identity: person });
  });

  it('refuses another secret, a changed identity, and a stale or future timestamp', () => {
    const headers = signIdentity(person, SECRET);
    expect(verifyIdentity(headers, 'b'.repeat(64))).toEqual({ ok: false, reason: 'bad-signature' });
    const promoted = Buffer.from(JSON.stringify({ id: 'user42', role: 'admin' })).toString('base64url');
    expect(verifyIdentity({ ...headers, 'x-platform-identity': promoted }, SECRET)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const now = Date.now();
    expect(verifyIdentity(signIdentity(person, SECRET, now - 5 * 60_000 - 1000), SECRET, now).ok).toBe(false);
    expect(verifyIdentity(signIdentity(person, SECRET, now + 5 * 60_000 + 1000), SECRET, now).ok).toBe(false);
    expect(verifyIdentity(signIdentity(person, SECRET, now - 4 * 60_000), SECRET, now).ok).toBe(true);
  });

  it('refuses a well signed identity whose content is not an identity', () => {
    const headers = signIdentity({ id: 'x', role: 'contributor' }, SECRET);
    const forgedPayload = Buffer.from('{"id":"x","role":"superuser"}').toString('base64url');
    const ts = headers['x-platform-identity-ts']!;
    const sig = createHmac('sha256', SECRET).update(`${ts}.${forgedPayload}`).digest('hex');
    expect(
      verifyIdentity(
        {
          'x-platform-identity': forgedPayload,
          'x-platform-identity-ts': ts,
          'x-platform-identity-sig': sig,
        },
        SECRET,
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('identity on a service', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await createService({
      name: 'identity-test',
      logger: false,
      identitySecret: SECRET,
      routes: async (instance) => {
        instance.get('/me', { preHandler: requireIdentity }, async (request) => request.identity);
        instance.get('/admin', { preHandler: requireRole('admin') }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => app.close());

  it('accepts a good signature', async () => {
    const res = await app.inject({ url: '/me', headers: signIdentity(person, SECRET) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(person);
  });

  it.each([
    ['no identity', {}],
    [
      'a bare unsigned header',
      { 'x-platform-identity': Buffer.from(JSON.stringify(person)).toString('base64url') },
    ],
    ['a signature made with another key', signIdentity(person, 'wrong-secret')],
    ['a stale signature', signIdentity(person, SECRET, Date.now() - 6 * 60_000)],
    ['a garbage signature', { ...signIdentity(person, SECRET), 'x-platform-identity-sig': 'zz' }],
  ])('answers 401 ErrorBody for %s', async (_label, headers) => {
    const res = await app.inject({ url: '/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
  });

  it('answers 403 for a role that is not allowed', async () => {
    expect((await app.inject({ url: '/admin', headers: signIdentity(person, SECRET) })).statusCode).toBe(403);
    const admin = signIdentity({ id: 'root1', role: 'admin' }, SECRET);
    expect((await app.inject({ url: '/admin', headers: admin })).statusCode).toBe(200);
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
