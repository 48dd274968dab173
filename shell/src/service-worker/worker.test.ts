/**
 * @jest-environment node
 */
import { CONTRIBUTIONS_SYNC_TAG, SERVICE_WORKER_MESSAGES } from '@platform/contracts/client';
import {
  ALPHA,
  BETA,
  SITE,
  extendableEvent,
  fakeScope,
  fetchEvent,
  remoteBuild,
  remotesJson,
} from '../../test/fake-worker';
import { versionKey } from './mf-manifest';
import { META_CACHE, setCacheName } from './remote-sets';
import { REMOTES_CHECK_INTERVAL_MS, createWorker } from './worker';

const alphaV1 = remoteBuild(ALPHA, { routes: 'a1a1a1a1', lazy: 'b1b1b1b1' });
const alphaV2 = remoteBuild(ALPHA, { routes: 'a2a2a2a2', lazy: 'b1b1b1b1' });
const alphaV3 = remoteBuild(ALPHA, { routes: 'a3a3a3a3', lazy: 'b3b3b3b3' });
const beta = remoteBuild(BETA, { routes: 'c1c1c1c1', lazy: 'd1d1d1d1' });
const REMOTES = remotesJson({ mf_alpha: alphaV1.manifestUrl, mf_beta: beta.manifestUrl });

function setup({ now = (): number => 1_000_000, networkTimeoutMs = 200 } = {}) {
  const surroundings = fakeScope();
  surroundings.network.serve({ [`${SITE}/remotes.json`]: REMOTES, ...alphaV1.files, ...beta.files });
  const worker = createWorker({
    scope: surroundings.scope,
    precache: surroundings.precache,
    now,
    networkTimeoutMs,
  });
  const install = async () => {
    const { event, done } = extendableEvent();
    worker.onInstall(event);
    await done();
  };
  /** A request as a page (`clientId`) makes it; resolves to the worker's answer, or null if it passed. */
  const request = async (url: string, options: Parameters<typeof fetchEvent>[1] = {}) => {
    const fetched = fetchEvent(url, options);
    worker.onFetch(fetched.event);
    return fetched.answered() ? fetched.settled() : null;
  };
  return { ...surroundings, worker, install, request };
}

/** Serves a new build of alpha at the same address (a redeploy: the files of the old one are gone). */
function redeploy(network: ReturnType<typeof setup>['network'], from: typeof alphaV1, to: typeof alphaV1) {
  for (const url of Object.keys(from.files)) network.files.delete(url);
  network.serve(to.files);
}

const setName = async (build: typeof alphaV1) => setCacheName('mf_alpha', await versionKey(build.manifest));

describe('the service worker', () => {
  describe('at install', () => {
    it("keeps every remote's build that /remotes.json lists: manifest, entry, exposed chunks and the files outside them", async () => {
      const { install, caches } = setup();
      await install();
      const alpha = caches.get(await setName(alphaV1));
      expect(alpha?.urls()).toEqual(Object.keys(alphaV1.files).sort());
      expect(await alpha?.text(`${ALPHA}/12.b1b1b1b1.js`)).toBe('lazy b1b1b1b1');
      expect(caches.get(setCacheName('mf_beta', await versionKey(beta.manifest)))?.urls()).toEqual(
        Object.keys(beta.files).sort(),
      );
      expect(await caches.get(META_CACHE)?.text(`${SITE}/remotes.json`)).toBe(REMOTES);
    });

    it('installs with a remote down, keeping the others', async () => {
      const { install, caches, network } = setup();
      network.failing.add(beta.manifestUrl);
      await install();
      expect(caches.get(await setName(alphaV1))).toBeDefined();
      expect([...caches.caches.keys()].some((name) => name.includes('mf_beta'))).toBe(false);
    });
  });

  describe('offline', () => {
    it("serves a remote's manifest, entry and chunks from its kept build", async () => {
      const { install, request, network } = setup();
      await install();
      network.offline = true;
      const manifest = await request(`${alphaV1.manifestUrl}?__mf_retry=123`);
      expect(await manifest?.text()).toBe(alphaV1.manifest);
      expect(await (await request(`${ALPHA}/remoteEntry.js`, { mode: 'no-cors' }))?.text()).toBe(
        alphaV1.files[`${ALPHA}/remoteEntry.js`],
      );
      expect(await (await request(`${ALPHA}/12.b1b1b1b1.js`, { mode: 'no-cors' }))?.text()).toBe(
        'lazy b1b1b1b1',
      );
      expect(await (await request(`${ALPHA}/0123456789abcdef0123.js`))?.text()).toBe('worklet');
    });

    it("answers the site's pages with the shell's page, and /remotes.json with the last one read", async () => {
      const { install, request, network } = setup();
      await install();
      network.offline = true;
      const page = await request(`${SITE}/user/speak`, { mode: 'navigate', clientId: '' });
      expect(await page?.text()).toBe('<!doctype html><title>shell</title>');
      expect(await (await request(`${SITE}/remotes.json`))?.text()).toBe(REMOTES);
    });

    it('answers a page from the network when there is one, and from the saved page when it is too slow', async () => {
      const { install, request, network } = setup({ networkTimeoutMs: 50 });
      await install();
      network.serve({
        [`${SITE}/user/speak`]: () =>
          new Response('fresh page', { headers: { 'content-type': 'text/html' } }),
      });
      expect(await (await request(`${SITE}/user/speak`, { mode: 'navigate' }))?.text()).toBe('fresh page');
      network.serve({ [`${SITE}/user/speak`]: () => new Promise<Response>(() => undefined) });
      expect(await (await request(`${SITE}/user/speak`, { mode: 'navigate' }))?.text()).toContain('shell');
    });

    describe('where the worker can read the language cookie', () => {
      const PAGE = '<!doctype html><html lang="en"><title>shell</title></html>';
      /** A worker in a browser with the Cookie Store API, holding `cookies`, over a network that never answers pages. */
      function withCookies(cookies: Record<string, string>) {
        const surroundings = fakeScope();
        const cookieStore = {
          get: async (name: string) => (name in cookies ? { value: cookies[name]! } : null),
        };
        const worker = createWorker({
          scope: { ...surroundings.scope, cookieStore },
          precache: {
            ...surroundings.precache,
            match: async (url) =>
              url === surroundings.precache.pageUrl
                ? new Response(PAGE, { headers: { 'content-type': 'text/html' } })
                : surroundings.precache.match(url),
          },
          networkTimeoutMs: 60_000,
        });
        surroundings.network.serve({ [`${SITE}/user/speak`]: () => new Promise<Response>(() => undefined) });
        return async (url: string) => {
          const fetched = fetchEvent(url, { mode: 'navigate', clientId: '' });
          worker.onFetch(fetched.event);
          return (await fetched.settled())?.text();
        };
      }

      it("answers a page at once with the page it keeps, in the cookie's language, without waiting for the network", async () => {
        const open = withCookies({ lang: 'yo' });
        expect(await open(`${SITE}/user/speak`)).toBe(PAGE.replace('lang="en"', 'lang="yo"'));
      });

      /** A worker with every remote kept, over a network that also answers the session. */
      async function installedWithCookies() {
        const surroundings = fakeScope();
        const { network } = surroundings;
        network.serve({
          [`${SITE}/remotes.json`]: REMOTES,
          [`${SITE}/auth/session`]: () => new Response('{"user":{"id":"u1"}}'),
          ...alphaV1.files,
          ...beta.files,
        });
        const worker = createWorker({
          scope: { ...surroundings.scope, cookieStore: { get: async () => null } },
          precache: surroundings.precache,
          networkTimeoutMs: 60_000,
        });
        const installing = extendableEvent();
        worker.onInstall(installing.event);
        await installing.done();
        network.takeRequests();
        const ask = async (url: string, options: Parameters<typeof fetchEvent>[1] = {}) => {
          const asked = fetchEvent(url, { clientId: 'page', ...options });
          worker.onFetch(asked.event);
          return asked.answered() ? (await asked.settled())?.text() : null;
        };
        return { network, ask };
      }

      it("asks for the session, /remotes.json and the page's remote's manifest as it answers the page, once each, handing them to the page", async () => {
        const { network, ask } = await installedWithCookies();
        expect(await ask(`${SITE}/mf_alpha`, { mode: 'navigate' })).toContain('shell');
        // Asked before the page's scripts have run, not one after the other as they ask.
        expect(network.takeRequests()).toEqual([
          `${SITE}/auth/session`,
          `${SITE}/remotes.json`,
          alphaV1.manifestUrl,
        ]);

        expect(await ask(`${SITE}/auth/session`)).toBe('{"user":{"id":"u1"}}');
        expect(await ask(`${SITE}/remotes.json`)).toBe(REMOTES);
        expect(await ask(alphaV1.manifestUrl)).toBe(alphaV1.manifest);
        expect(network.takeRequests()).toEqual([]);
        // Handed over once: later requests go to the network as they are.
        expect(await ask(`${SITE}/auth/session`)).toBeNull();
        expect(await ask(`${SITE}/remotes.json`)).toBe(REMOTES);
        expect(network.takeRequests()).toEqual([`${SITE}/remotes.json`]);
      });

      it('drops the session it asked for ahead once the page writes anything (a sign-in, a sign-out)', async () => {
        const { network, ask } = await installedWithCookies();
        await ask(`${SITE}/mf_alpha`, { mode: 'navigate' });
        network.takeRequests();
        expect(await ask(`${SITE}/auth/sign-out`, { method: 'POST' })).toBeNull();
        // The answer asked before the write may name the person who has just left: the page asks anew.
        expect(await ask(`${SITE}/auth/session`)).toBeNull();
        expect(await ask(`${SITE}/api/user/stats`)).toBeNull();
      });

      it('gives the page the default language when the cookie is missing or not a language of the site', async () => {
        expect(await withCookies({})(`${SITE}/user/speak`)).toBe(PAGE);
        expect(await withCookies({ lang: '"><script>' })(`${SITE}/user/speak`)).toBe(PAGE);
      });
    });

    it('fails a remote it never kept as the browser would, so the page says the section is unavailable', async () => {
      const { request, network } = setup();
      network.offline = true;
      await expect(request(alphaV1.manifestUrl)).rejects.toThrow('Failed to fetch');
      await expect(request(`${SITE}/remotes.json`)).rejects.toThrow('Failed to fetch');
    });
  });

  it('never answers calls to the API or the accounts it did not ask for ahead of a page: they go to the network as they are', async () => {
    const { install, request, network } = setup();
    await install();
    network.takeRequests();
    expect(await request(`${SITE}/api/user/stats`)).toBeNull();
    expect(await request(`${SITE}/api/recordings`, { method: 'POST' })).toBeNull();
    expect(await request(`${SITE}/auth/session`)).toBeNull();
    expect(network.takeRequests()).toEqual([]);
  });

  describe('a redeployed remote', () => {
    it('is used on the next online visit, and kept for offline use once complete, the build before it staying', async () => {
      const { install, request, network, caches } = setup();
      await install();
      redeploy(network, alphaV1, alphaV2);
      const manifest = await request(alphaV1.manifestUrl, { clientId: 'page-2' });
      expect(await manifest?.text()).toBe(alphaV2.manifest);
      expect(caches.get(await setName(alphaV2))?.urls()).toEqual(Object.keys(alphaV2.files).sort());
      expect(caches.get(await setName(alphaV1))).toBeDefined();

      // Offline, a new page gets the new build throughout.
      network.offline = true;
      expect(await (await request(alphaV1.manifestUrl, { clientId: 'page-3' }))?.text()).toBe(
        alphaV2.manifest,
      );
      expect(await (await request(`${ALPHA}/remoteEntry.js`, { clientId: 'page-3' }))?.text()).toBe(
        alphaV2.files[`${ALPHA}/remoteEntry.js`],
      );

      // A third build: the first is dropped, the second stays beside it.
      network.offline = false;
      redeploy(network, alphaV2, alphaV3);
      await request(alphaV1.manifestUrl, { clientId: 'page-4' });
      expect(caches.get(await setName(alphaV3))).toBeDefined();
      expect(caches.get(await setName(alphaV2))).toBeDefined();
      expect(caches.get(await setName(alphaV1))).toBeUndefined();
    });

    it('copies the chunks the builds share instead of downloading them again', async () => {
      const { install, request, network } = setup();
      await install();
      redeploy(network, alphaV1, alphaV2);
      network.takeRequests();
      await request(alphaV1.manifestUrl);
      const fetched = network.takeRequests();
      expect(fetched).toContain(`${ALPHA}/__federation_expose_routes.a2a2a2a2.js`);
      expect(fetched).not.toContain(`${ALPHA}/12.b1b1b1b1.js`);
    });

    it('keeps the old build whole while the new one is incomplete, and drops the incomplete one', async () => {
      const { install, request, network, caches } = setup();
      await install();
      redeploy(network, alphaV1, alphaV2);
      network.failing.add(`${ALPHA}/__federation_expose_routes.a2a2a2a2.js`);
      await request(alphaV1.manifestUrl, { clientId: 'page-2' });
      expect(caches.get(await setName(alphaV2))).toBeUndefined();

      network.offline = true;
      expect(await (await request(alphaV1.manifestUrl, { clientId: 'page-3' }))?.text()).toBe(
        alphaV1.manifest,
      );
      expect(await (await request(`${ALPHA}/remoteEntry.js`, { clientId: 'page-3' }))?.text()).toBe(
        alphaV1.files[`${ALPHA}/remoteEntry.js`],
      );
    });

    it("never gives a page the old build's entry after the new build's manifest", async () => {
      const { install, request, network } = setup();
      await install();
      redeploy(network, alphaV1, alphaV2);
      // The new manifest arrives, then the connection drops before anything else does.
      network.failing.add(`${ALPHA}/remoteEntry.js`);
      expect(await (await request(alphaV1.manifestUrl, { clientId: 'page-2' }))?.text()).toBe(
        alphaV2.manifest,
      );
      await expect(request(`${ALPHA}/remoteEntry.js`, { clientId: 'page-2' })).rejects.toThrow(
        'Failed to fetch',
      );
    });

    it('is not kept when its entry comes from yet another build (a redeploy between the two downloads)', async () => {
      const { install, request, network, caches } = setup();
      await install();
      redeploy(network, alphaV1, alphaV2);
      network.serve({ [`${ALPHA}/remoteEntry.js`]: alphaV3.files[`${ALPHA}/remoteEntry.js`]! });
      await request(alphaV1.manifestUrl);
      expect(caches.get(await setName(alphaV2))).toBeUndefined();
      expect(caches.get(await setName(alphaV1))).toBeDefined();
    });
  });

  it('adds a chunk a page fetched online to the build it was given, for later offline use', async () => {
    const { install, request, network } = setup();
    await install();
    network.serve({ [`${ALPHA}/99.e9e9e9e9.js`]: 'fetched later' });
    expect(await (await request(`${ALPHA}/99.e9e9e9e9.js`, { mode: 'no-cors' }))?.text()).toBe(
      'fetched later',
    );
    network.offline = true;
    expect(await (await request(`${ALPHA}/99.e9e9e9e9.js`, { mode: 'no-cors' }))?.text()).toBe(
      'fetched later',
    );
  });

  describe('/remotes.json', () => {
    it('asks every remote for its manifest when it changes, and at most every interval otherwise', async () => {
      let now = 1_000_000;
      const { install, request, network, caches } = setup({ now: () => now });
      await install();
      network.takeRequests();

      await request(`${SITE}/remotes.json`);
      expect(network.takeRequests()).toEqual([`${SITE}/remotes.json`]);

      now += REMOTES_CHECK_INTERVAL_MS;
      await request(`${SITE}/remotes.json`);
      expect(network.takeRequests()).toEqual(
        expect.arrayContaining([`${SITE}/remotes.json`, alphaV1.manifestUrl, beta.manifestUrl]),
      );

      // The remotes moved: alpha is now served from another address, and beta is gone.
      const GAMMA = 'http://localhost:3201';
      const moved = remoteBuild(GAMMA, { routes: 'f1f1f1f1', lazy: 'f2f2f2f2' });
      network.serve({
        [`${SITE}/remotes.json`]: remotesJson({ mf_alpha: moved.manifestUrl }),
        ...moved.files,
      });
      await request(`${SITE}/remotes.json`);
      expect(network.takeRequests()).toContain(moved.manifestUrl);
      const kept = caches.get(setCacheName('mf_alpha', await versionKey(moved.manifest)));
      expect(kept?.urls()).toEqual(Object.keys(moved.files).sort());
      expect([...caches.caches.keys()].some((name) => name.includes('mf_beta'))).toBe(false);
    });

    it('keeps an answer that is not a remotes manifest out of its saved copy', async () => {
      const { install, request, network } = setup();
      await install();
      network.serve({ [`${SITE}/remotes.json`]: '{"remotes": "oops"}' });
      await request(`${SITE}/remotes.json`);
      network.offline = true;
      expect(await (await request(`${SITE}/remotes.json`))?.text()).toBe(REMOTES);
    });
  });

  it("tells every open page to send its queue when the browser fires the contributions' Background Sync", async () => {
    const { worker, clients } = setup();
    clients.open('page-1');
    clients.open('page-2');
    const { event, done } = extendableEvent();
    worker.onSync({ ...event, tag: CONTRIBUTIONS_SYNC_TAG });
    await done();
    for (const page of clients.pages) {
      expect(page.messages).toEqual([{ type: SERVICE_WORKER_MESSAGES.contributionsSync }]);
    }
    const other = extendableEvent();
    worker.onSync({ ...other.event, tag: 'something-else' });
    await other.done();
    expect(clients.pages[0]!.messages).toHaveLength(1);
  });

  it('takes over when a page asks it to, and not for any other message', async () => {
    const { worker, skipWaiting } = setup();
    const { event, done } = extendableEvent();
    worker.onMessage({ ...event, data: { type: 'hello' } });
    worker.onMessage({ ...event, data: null });
    expect(skipWaiting).not.toHaveBeenCalled();
    worker.onMessage({ ...event, data: { type: SERVICE_WORKER_MESSAGES.skipWaiting } });
    await done();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
  });
});
