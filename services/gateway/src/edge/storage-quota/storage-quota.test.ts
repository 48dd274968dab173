import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ServiceApp } from '@platform/service-kit';
import { closedPort } from '@platform/service-kit/testing';
import { startAccountsGateway, type AccountsGateway } from '../../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../../test/outbox';
import { BackgroundWork } from '../../accounts/background';
import { storesFilesMatcher } from './stores-files';

const SECRET = 'storage-quota-test-secret';
const PASSWORD = 'Secret123';
const QUOTA = 10_000;

type Injected = Awaited<ReturnType<ServiceApp['inject']>>;

/**
 * The text and speech services as the gateway sees them: each person's stored bytes (set by the test), and
 * upload routes that read the whole body and say how much reached them. An upload can be held unanswered.
 */
interface Services {
  url: string;
  textBytes: Map<string, number>;
  speechBytes: Map<string, number>;
  /** "POST /api/uploads 1234" for each body that reached a service. */
  received: string[];
  /** While set, uploads wait for it before answering. */
  hold: Promise<void> | null;
  failUsage: boolean;
  close(): Promise<void>;
}

async function startServices(): Promise<Services> {
  const app: FastifyInstance = Fastify({ logger: false });
  const state: Omit<Services, 'url' | 'close'> = {
    textBytes: new Map(),
    speechBytes: new Map(),
    received: [],
    hold: null,
    failUsage: false,
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const usage = (bytes: Map<string, number>) => async (request: { params: unknown }) => {
    if (state.failUsage) throw new Error('down');
    return { bytes: bytes.get((request.params as { id: string }).id) ?? 0 };
  };
  app.get('/internal/users/:id/text-storage', usage(state.textBytes));
  app.get('/internal/users/:id/speech-storage', usage(state.speechBytes));
  const sink = async (request: { method: string; url: string; body: unknown }) => {
    state.received.push(
      `${request.method} ${request.url} ${(request.body as Buffer | undefined)?.length ?? 0}`,
    );
    if (state.hold) await state.hold;
    return { stored: true };
  };
  for (const url of [
    '/api/uploads',
    '/api/recordings',
    '/api/audio/upload',
    '/api/audio/upload/',
    '/api/sentences',
  ]) {
    app.post(url, sink);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return Object.assign(state, { url: `http://127.0.0.1:${port}`, close: () => app.close() });
}

describe('storage quota and free-space floor (gateway)', () => {
  let gateway: AccountsGateway;
  let services: Services;
  let app: ServiceApp;
  const background = new BackgroundWork();

  beforeAll(async () => {
    services = await startServices();
    gateway = await startAccountsGateway({ secret: SECRET, dbPrefix: 'gwquota', now: Date.now, background });
    app = await gateway.build({
      upstreams: { text: services.url, speech: services.url },
      storage: { quotaBytes: QUOTA, freeFloorBytes: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await services?.close();
  });
  beforeEach(() => {
    services.received.length = 0;
    services.textBytes.clear();
    services.speechBytes.clear();
    services.hold = null;
    services.failUsage = false;
  });

  /** A verified person with an open session: their id and session cookie. */
  const signedIn = async (email: string) => {
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/auth/signup',
      payload: { firstname: 'Ada', lastname: 'Obi', email, password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    await background.idle();
    const mails = await readOutbox(gateway.dataDir, email);
    await app.inject({ method: 'POST', url: '/auth/verify', payload: { token: linkToken(mails.at(-1)!) } });
    const res = await app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email, password: PASSWORD },
    });
    const cookie = /(?:^|, )plt=([^;]*)/.exec(String(res.headers['set-cookie']))![1]!;
    const user = await gateway.app.database!.db.collection('users').findOne({ email });
    return { id: user!._id.toHexString(), cookie: `plt=${cookie}` };
  };
  const upload = (cookie: string, bytes: number, url = '/api/uploads', on = app) =>
    on.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.alloc(bytes, 'a'),
    });
  const expectRefusal = (res: Injected, status: number, code: string) =>
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });

  it('knows the routes that store files from their declarations, with or without a trailing slash', () => {
    const stores = storesFilesMatcher();
    expect(stores('POST', '/api/uploads')).toBe(true);
    expect(stores('POST', '/api/recordings')).toBe(true);
    expect(stores('POST', '/api/audio/upload')).toBe(true);
    expect(stores('post', '/api/audio/upload//')).toBe(true);
    expect(stores('GET', '/api/uploads')).toBe(false);
    expect(stores('POST', '/api/uploads/summary')).toBe(false);
    expect(stores('POST', '/api/sentences')).toBe(false);
  });

  it('shows the signed-in person what they store, from both services, and their quota', async () => {
    const { id, cookie } = await signedIn('usage@example.org');
    services.textBytes.set(id, 1234);
    services.speechBytes.set(id, 4321);
    const res = await app.inject({ url: '/api/storage/usage', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ usedBytes: 5555, quotaBytes: QUOTA });
    expect(res.headers['cache-control']).toBe('no-store');
    expectRefusal(await app.inject({ url: '/api/storage/usage' }), 401, 'identity.missing');
  });

  it('passes an upload within the quota and refuses, before any byte reaches a service, one past it', async () => {
    const { id, cookie } = await signedIn('quota@example.org');
    services.textBytes.set(id, 6000);
    services.speechBytes.set(id, 3000);
    const fits = await upload(cookie, 1000);
    expect(fits.statusCode).toBe(200);
    expect(services.received).toEqual(['POST /api/uploads 1000']);
    services.received.length = 0;
    for (const url of ['/api/uploads', '/api/recordings', '/api/audio/upload', '/api/audio/upload/']) {
      const res = await upload(cookie, 1001, url);
      expectRefusal(res, 413, 'storage.quota_exceeded');
      expect(res.json().message).toBe('This upload would take your stored files past your storage quota.');
    }
    expect(services.received).toEqual([]);
    // Routes that store no files are not counted against it.
    expect((await upload(cookie, 5000, '/api/sentences')).statusCode).toBe(200);
  });

  it('counts uploads under way, so two sent at once cannot both pass', async () => {
    const { cookie } = await signedIn('together@example.org');
    let answer!: () => void;
    services.hold = new Promise((resolve) => (answer = resolve));
    const first = upload(cookie, 6000, '/api/recordings');
    for (let i = 0; i < 100 && services.received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(services.received).toEqual(['POST /api/recordings 6000']);
    // The first is still being stored: the second would take the person past the quota with it.
    expectRefusal(await upload(cookie, 6000, '/api/uploads'), 413, 'storage.quota_exceeded');
    answer();
    expect((await first).statusCode).toBe(200);
    // Answered, it no longer counts as under way (the services now report what they stored).
    services.hold = null;
    expect((await upload(cookie, 6000, '/api/uploads')).statusCode).toBe(200);
  });

  it('refuses an upload that declares no length (411): it could not be counted', async () => {
    const { cookie } = await signedIn('chunked@example.org');
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.alloc(100, 'a')]),
    });
    expectRefusal(res, 411, 'storage.length_required');
    expect(services.received).toEqual([]);
  });

  it('refuses uploads with 507 while the data disk is below its free-space floor', async () => {
    const { cookie } = await signedIn('full@example.org');
    const full = await gateway.build({
      upstreams: { text: services.url, speech: services.url },
      storage: { quotaBytes: QUOTA, freeFloorBytes: Number.MAX_SAFE_INTEGER },
    });
    const res = await upload(cookie, 10, '/api/recordings', full);
    expectRefusal(res, 507, 'storage.disk_full');
    expect(services.received).toEqual([]);
    // Everything else still works.
    expect((await full.inject({ url: '/api/storage/usage', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses an upload (503) when a service cannot say what the person stores', async () => {
    const { cookie } = await signedIn('unknown@example.org');
    services.failUsage = true;
    expectRefusal(await upload(cookie, 10), 503, 'service.unavailable');
    const down = `http://127.0.0.1:${await closedPort()}`;
    const isolated = await gateway.build({ upstreams: { text: down, speech: services.url } });
    services.failUsage = false;
    expectRefusal(await upload(cookie, 10, '/api/recordings', isolated), 503, 'service.unavailable');
    expect(services.received).toEqual([]);
  });
});
