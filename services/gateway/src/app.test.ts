import { createServer } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Value } from '@sinclair/typebox/value';
import { ErrorBody, remoteCatalog, type Identity } from '@platform/contracts';
import { verifyIdentity, type ServiceApp } from '@platform/service-kit';
import { closedPort } from '@platform/service-kit/testing';
import { startAccountsGateway, type AccountsGateway } from '../test/accounts-gateway';
import { signedInAs } from '../test/signed-in';
import { identityReceived, startTestUpstream, type TestUpstream } from '../test/upstream';
import { HASHED_ASSET, INDEX_HTML, LARGE_ASSET, LARGE_ASSET_BODY } from '../test/shell-dist';
import { BackgroundWork } from './accounts/background';
import type { GatewayOptions } from './app';
import { buildRemotesManifest } from './edge/remotes-manifest';

const SECRET = 'gateway-test-secret';
const html = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };

describe('gateway', () => {
  let text: TestUpstream;
  let speech: TestUpstream;
  let gateway: AccountsGateway;
  let app: ServiceApp;
  /** A researcher's session cookie, and who the gateway says they are. */
  let researcher: { cookie: string; identity: Identity };

  // The gateway as it runs, on a test database, with a stand-in for each service.
  const build = (overrides: Partial<GatewayOptions> = {}) => gateway.build(overrides);

  beforeAll(async () => {
    [text, speech] = await Promise.all([startTestUpstream(), startTestUpstream()]);
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwapp',
      now: Date.now,
      background: new BackgroundWork(),
      upstreams: { text: text.url, speech: speech.url },
    });
    app = gateway.app;
    researcher = await signedInAs(app, 'researcher');
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([text?.close(), speech?.close()]);
  });

  describe('routing', () => {
    it('sends text paths to the text service and speech paths to the speech service, query included', async () => {
      const res = await app.inject({ url: '/api/text-audio-pairs/headers?lang=yo&count=5' });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toBe('/api/text-audio-pairs/headers?lang=yo&count=5');
      expect(text.lastHeaders?.['x-request-id']).toBe(res.headers['x-request-id']);
      const viaSpeech = await app.inject({
        method: 'POST',
        url: '/api/recordings/headers',
        payload: { a: 1 },
      });
      expect(viaSpeech.json().method).toBe('POST');
      expect(speech.lastHeaders?.['content-type']).toBe('application/json');
    });

    it('routes by method where the table says so (POST /api/sentences writes; GET is the round)', async () => {
      const write = await app.inject({ method: 'POST', url: '/api/sentences', payload: { text: 'x' } });
      expect(text.lastHeaders?.['x-request-id']).toBe(write.headers['x-request-id']);
      const round = await app.inject({ url: '/api/sentences' });
      expect(speech.lastHeaders?.['x-request-id']).toBe(round.headers['x-request-id']);
    });

    it('passes any request body through untouched, whatever its media type (or none)', async () => {
      for (const headers of [
        { 'content-type': 'text/csv' },
        { 'content-type': 'multipart/form-data; boundary=x' },
        {},
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/recordings/echo',
          headers,
          payload: 'a,b\n1,2',
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('a,b\n1,2');
      }
    });

    it('passes the service answer through unchanged, status included', async () => {
      const res = await app.inject({ url: '/api/text-audio-pairs/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('upstream has no such route');
    });

    it('answers unknown /api and /auth paths with a 404 ErrorBody', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing-here'],
        ['POST', '/api/nothing-here'],
        ['POST', '/auth/nothing-here'],
        ['GET', '/auth/nothing-here'],
      ] as const) {
        const res = await app.inject({ method, url, headers: { accept: 'application/json' } });
        expect(res.statusCode).toBe(404);
        expect(Value.Check(ErrorBody, res.json())).toBe(true);
      }
    });

    it('refuses a malformed path encoding with 400, not 500', async () => {
      const res = await app.inject({ url: '/api/sentences/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(Value.Check(ErrorBody, res.json())).toBe(true);
    });

    it('sends small service answers as they came and larger ones gzipped to browsers that accept gzip', async () => {
      const gzip = { 'accept-encoding': 'gzip, deflate, br' };
      const small = await app.inject({ url: '/api/text-audio-pairs/sized?bytes=600', headers: gzip });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers['content-length']).toBe('600');
      expect(small.json()).toBe('a'.repeat(598));
      const large = await app.inject({ url: '/api/text-audio-pairs/sized?bytes=20000', headers: gzip });
      expect(large.headers['content-encoding']).toBe('gzip');
      expect(large.rawPayload.length).toBeLessThan(2000);
      expect(JSON.parse(gunzipSync(large.rawPayload).toString('utf8'))).toBe('a'.repeat(19998));
      const head = await app.inject({
        method: 'HEAD',
        url: '/api/text-audio-pairs/sized?bytes=600',
        headers: gzip,
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('600');
      expect(head.body).toBe('');
    });

    it('sends a file served by byte ranges as stored, with its length, even to browsers that accept gzip', async () => {
      const res = await app.inject({
        url: '/api/text-audio-pairs/sized?bytes=20000&ranged',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe('20000');
      expect(res.rawPayload.length).toBe(20000);
    });

    it('passes a compressed upload to the service as it came', async () => {
      const body = gzipSync(JSON.stringify({ text: 'Ẹ kú àárọ̀' }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/recordings/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(speech.lastHeaders?.['content-encoding']).toBe('gzip');
      expect(res.rawPayload.equals(body)).toBe(true);
    });
  });

  describe('identity propagation', () => {
    const forged = {
      'x-platform-identity': Buffer.from(JSON.stringify({ id: 'evil', role: 'admin' })).toString('base64url'),
      'x-platform-identity-ts': String(Date.now()),
      'x-platform-identity-sig': 'f'.repeat(64),
      'x-platform-identity-extra': 'x',
    };

    it('strips forged identity headers from an anonymous request', async () => {
      const res = await app.inject({ url: '/api/sentences/headers', headers: forged });
      const received = res.json().headers as Record<string, string>;
      expect(Object.keys(received).filter((h) => h.startsWith('x-platform-identity'))).toEqual([]);
    });

    it('replaces forged headers with a signature a service accepts for the signed-in user', async () => {
      const res = await app.inject({
        url: '/api/recordings/headers',
        headers: { ...forged, cookie: researcher.cookie },
      });
      const received = res.json().headers as Record<string, string>;
      expect(received['x-platform-identity-extra']).toBeUndefined();
      expect(identityReceived(res.json(), SECRET, 'speech')).toEqual({
        ok: true,
        identity: researcher.identity,
      });
      expect(identityReceived(res.json(), 'some-other-secret', 'speech').ok).toBe(false);
    });

    it('signs for the one request forwarded: its method, its target as the service received it, that service', async () => {
      const url = '/api/text-audio-pairs/headers?q=..%2F..&lang=yo&x=%C3%A9';
      const res = await app.inject({ method: 'POST', url, headers: { cookie: researcher.cookie } });
      const echoed = res.json();
      expect(echoed.url).toBe(url);
      expect(identityReceived(echoed, SECRET, 'text')).toEqual({ ok: true, identity: researcher.identity });
      const call = { method: 'POST', url, service: 'text' };
      expect(verifyIdentity(echoed.headers, SECRET, { ...call, service: 'speech' }).ok).toBe(false);
      expect(verifyIdentity(echoed.headers, SECRET, { ...call, method: 'GET' }).ok).toBe(false);
      expect(
        verifyIdentity(echoed.headers, SECRET, { ...call, url: '/api/text-audio-pairs/headers' }).ok,
      ).toBe(false);
    });
  });

  describe('when a service fails', () => {
    it('answers 503 JSON within 5 s for a service that is down, and stays up', async () => {
      const down = await build({
        upstreams: { text: text.url, speech: `http://127.0.0.1:${await closedPort()}` },
      });
      try {
        const started = Date.now();
        const res = await down.inject({ url: '/api/recordings/validate' });
        expect(Date.now() - started).toBeLessThan(5000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: 'Service Unavailable',
          code: 'service.unavailable',
          message: 'The speech service is unavailable. Please try again later.',
          statusCode: 503,
        });
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect((await down.inject({ url: '/healthz' })).statusCode).toBe(200);
        expect((await down.inject({ url: '/api/text-audio-pairs/headers' })).statusCode).toBe(200);
      } finally {
        await down.close();
      }
    });

    it("answers 503 JSON without the broken answer's headers when a service drops a small answer half-way", async () => {
      const res = await app.inject({ url: '/api/text-audio-pairs/cut' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        code: 'service.unavailable',
        message: 'The text service is unavailable. Please try again later.',
        statusCode: 503,
      });
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect((await app.inject({ url: '/api/text-audio-pairs/sized?bytes=10' })).statusCode).toBe(200);
    });

    it('answers 504 JSON within 5 s (default timeout) for a service that never answers, and stays up', async () => {
      const started = Date.now();
      const res = await app.inject({ url: '/api/text-audio-pairs/hang' });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(5000);
      expect(elapsed).toBeGreaterThanOrEqual(3500);
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({
        error: 'Gateway Timeout',
        code: 'service.timeout',
        message: 'The text service did not answer in time. Please try again later.',
        statusCode: 504,
      });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }, 10_000);
  });

  describe('/readyz', () => {
    it('is 200 when the shell is built and every service is ready', async () => {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        service: 'gateway',
        checks: { shell: 'up', text: 'up', speech: 'up', database: 'up' },
      });
    });

    it('is 503 and names the service that is not ready or not there', async () => {
      speech.ready = false;
      try {
        expect((await app.inject({ url: '/readyz' })).json().checks).toEqual({
          shell: 'up',
          text: 'up',
          speech: 'down',
          database: 'up',
        });
      } finally {
        speech.ready = true;
      }
      const down = await build({
        upstreams: { text: `http://127.0.0.1:${await closedPort()}`, speech: speech.url },
      });
      try {
        const res = await down.inject({ url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'not_ready', checks: { text: 'down', speech: 'up' } });
      } finally {
        await down.close();
      }
    });
  });

  describe('several copies of a service', () => {
    const dead = async () => `http://127.0.0.1:${await closedPort()}`;
    const reached = (upstream: TestUpstream) =>
      upstream.received.filter((line) => line.startsWith('GET /api/recordings/headers')).length;

    it('takes the copies in turn', async () => {
      const second = await startTestUpstream();
      const both = await build({ upstreams: { text: text.url, speech: [speech.url, second.url] } });
      try {
        speech.received.length = 0;
        for (let i = 0; i < 6; i++) {
          expect((await both.inject({ url: '/api/recordings/headers' })).statusCode).toBe(200);
        }
        expect([reached(speech), reached(second)]).toEqual([3, 3]);
      } finally {
        await both.close();
        await second.close();
      }
    });

    it('sends a request without a body on to another copy when one is down, and passes over the dead one', async () => {
      const both = await build({ upstreams: { text: text.url, speech: [await dead(), speech.url] } });
      try {
        speech.received.length = 0;
        const started = Date.now();
        for (let i = 0; i < 4; i++) {
          expect((await both.inject({ url: '/api/recordings/headers' })).statusCode).toBe(200);
        }
        expect(Date.now() - started).toBeLessThan(1000);
        expect(reached(speech)).toBe(4);
      } finally {
        await both.close();
      }
    });

    it('never sends a body on to a second copy: 503 once, then the dead copy is passed over', async () => {
      const both = await build({ upstreams: { text: text.url, speech: [await dead(), speech.url] } });
      try {
        speech.received.length = 0;
        const post = () => both.inject({ method: 'POST', url: '/api/recordings/sink', payload: 'take' });
        const first = await post();
        expect(first.statusCode).toBe(503);
        expect(first.json().code).toBe('service.unavailable');
        expect(speech.received).toEqual([]);
        for (let i = 0; i < 3; i++) expect((await post()).json()).toEqual({ bytes: 4 });
      } finally {
        await both.close();
      }
    });

    it('takes a copy that comes back again within a second or so', async () => {
      const port = await closedPort();
      const both = await build({
        upstreams: { text: text.url, speech: [`http://127.0.0.1:${port}`, speech.url] },
      });
      let backCount = 0;
      const back = createServer((_req, res) => {
        backCount += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"back":true}');
      });
      try {
        expect((await both.inject({ url: '/api/recordings/headers' })).statusCode).toBe(200);
        await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
        await new Promise((resolve) => setTimeout(resolve, 1100));
        for (let i = 0; i < 4; i++) {
          expect((await both.inject({ url: '/api/recordings/headers' })).statusCode).toBe(200);
        }
        expect(backCount).toBe(2);
      } finally {
        await both.close();
        await new Promise((resolve) => back.close(resolve));
      }
    });

    it('is ready while at least one copy of each service is, and names a service none of whose copies is', async () => {
      const one = await build({ upstreams: { text: [await dead(), text.url], speech: speech.url } });
      const none = await build({ upstreams: { text: text.url, speech: [await dead(), await dead()] } });
      try {
        expect((await one.inject({ url: '/readyz' })).statusCode).toBe(200);
        const res = await none.inject({ url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ checks: { text: 'up', speech: 'down' } });
      } finally {
        await one.close();
        await none.close();
      }
    });
  });

  describe('/remotes.json', () => {
    it('lists every remote of the catalogue with its default entry, uncached', async () => {
      const res = await app.inject({ url: '/remotes.json' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual(buildRemotesManifest({}));
      expect(res.json().remotes.map((r: { name: string }) => r.name)).toEqual(
        remoteCatalog.map((r) => r.name),
      );
    });

    it('keeps which pages of the signed-in layouts are open to signed-out visitors', async () => {
      const res = await app.inject({ url: '/remotes.json' });
      const open = res
        .json()
        .remotes.flatMap((r: { routes: Array<{ path: string; signedOut?: string }> }) => r.routes)
        .filter((route: { signedOut?: string }) => route.signedOut === 'allowed')
        .map((route: { path: string }) => route.path);
      expect(open).toEqual(['/model/speech-to-speech', '/model/text-to-speech']);
    });

    it('takes REMOTE_<KEY>_URL overrides from the environment and allows their origin in the CSP', async () => {
      const saved = process.env.REMOTE_AUTH_URL;
      process.env.REMOTE_AUTH_URL = 'https://auth.cdn.example.org/v2/mf-manifest.json';
      let moved: ServiceApp | undefined;
      try {
        moved = await build();
        const res = await moved.inject({ url: '/remotes.json' });
        const entries = Object.fromEntries(
          res.json().remotes.map((r: { name: string; entry: string }) => [r.name, r.entry]),
        );
        expect(entries.mf_auth).toBe('https://auth.cdn.example.org/v2/mf-manifest.json');
        expect(entries.mf_marketing).toBe('http://localhost:3001/mf-manifest.json');
        expect(res.headers['content-security-policy']).toContain('https://auth.cdn.example.org');
      } finally {
        if (saved === undefined) delete process.env.REMOTE_AUTH_URL;
        else process.env.REMOTE_AUTH_URL = saved;
        await moved?.close();
      }
    });
  });

  describe('the shell', () => {
    it('serves index.html at / without caching it', async () => {
      const res = await app.inject({ url: '/', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('falls back to index.html for page navigations, /auth pages included', async () => {
      for (const url of ['/dashboard', '/user/speak', '/auth/verify?token=abc', '/some/unknown/page']) {
        const res = await app.inject({ url, headers: html });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(INDEX_HTML);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it("writes the visitor's language (the lang cookie) into <html lang> before the first paint", async () => {
      for (const [cookie, lang] of [
        ['lang=yo', 'yo'],
        ['plt=x; lang=ha', 'ha'],
        ['lang=xx', 'en'],
        ['lang=%3Cscript%3E', 'en'],
      ] as const) {
        for (const url of ['/', '/user/speak']) {
          const res = await app.inject({ url, headers: { ...html, cookie } });
          expect(res.statusCode).toBe(200);
          expect(res.body).toBe(INDEX_HTML.replace('lang="en"', `lang="${lang}"`));
          expect(res.headers.vary).toMatch(/cookie/i);
        }
      }
    });

    it("hints the session, /remotes.json and, to someone signed in, the page's remote, with the page", async () => {
      const signedIn = await app.inject({ url: '/user/speak', headers: { ...html, cookie: 'plt=x' } });
      expect(signedIn.headers.link).toContain(
        '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      expect(signedIn.headers.link).toContain('</remotes.json>; rel=preload; as=fetch');
      expect(signedIn.headers.link).toMatch(/<[^>]+\/mf-manifest\.json>; rel=preload; as=fetch/);
      const visitor = await app.inject({ url: '/user/speak', headers: html });
      expect(visitor.headers.link).not.toContain('mf-manifest.json');
    });

    it('never falls back for API paths or missing assets', async () => {
      for (const url of ['/api/nothing', '/auth/nothing', '/missing.js']) {
        const res = await app.inject({ url, headers: url === '/missing.js' ? { accept: '*/*' } : html });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    });

    it("sends the shell's bundles gzipped to browsers that accept it, and plain to those that do not", async () => {
      const zipped = await app.inject({
        url: LARGE_ASSET,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(LARGE_ASSET_BODY) / 5);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(LARGE_ASSET_BODY);
      const plain = await app.inject({ url: LARGE_ASSET });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(LARGE_ASSET_BODY);
    });

    it('caches content-hashed assets for a year and unhashed files not at all', async () => {
      const hashed = await app.inject({ url: HASHED_ASSET });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const manifest = await app.inject({ url: '/static/mf-manifest.json' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('security headers', () => {
    it('are on pages, proxied answers, gateway errors and upstream failures', async () => {
      const requests = [
        ...[
          '/',
          '/dashboard',
          '/api/sentences/headers',
          '/api/nothing',
          '/remotes.json',
          '/healthz',
          '/readyz',
        ].map((url) => ({ method: 'GET' as const, url })),
        { method: 'POST' as const, url: '/no/such/thing' },
        { method: 'DELETE' as const, url: '/' },
      ];
      for (const { method, url } of requests) {
        const res = await app.inject({ method, url, headers: html });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toMatch(/script-src 'self' http:\/\/localhost:3001 .*http:\/\/localhost:3005/);
        expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3001/);
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("img-src 'self' blob: data:");
        expect(csp).toContain("media-src 'self' blob: data:");
      }
    });
  });
});
