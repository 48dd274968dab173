import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemotesManifest } from '@platform/contracts';
import { PAGES } from '@platform/contracts';
import { firstCallsOf, PagePreloads, SHELL_HINTS_FILE } from './page-preloads';

const CONTRIBUTE = 'http://remotes.test/contribute/mf-manifest.json';
const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_marketing',
      entry: 'http://remotes.test/marketing/mf-manifest.json',
      routes: [{ path: '/', layout: 'public' }],
    },
    {
      name: 'mf_contribute',
      entry: CONTRIBUTE,
      routes: [
        { path: '/user/speak', layout: 'contributor' },
        { path: '/user/guide', layout: 'app', signedOut: 'allowed' },
      ],
    },
  ],
};
const contributeBuild = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './routes', assets: { js: { sync: ['3.aa.js', 'routes.bb.js'], async: ['page.cc.js'] } } },
    { path: './other', assets: { js: { sync: ['other.dd.js'] } } },
  ],
};

it("resolves every page's first calls to a plain GET route (a name that does not is a mistake in the page)", () => {
  for (const page of PAGES)
    expect({ page: page.path, calls: firstCallsOf(page.path).length }).toEqual({
      page: page.path,
      calls: page.firstCalls?.length ?? 0,
    });
  expect(firstCallsOf('/user/speak')).toEqual(['/api/user/preferences']);
});

describe('the preload hints sent with the shell page', () => {
  let shellDist: string;
  let asked: string[];
  let now: number;
  let answer: () => Promise<Response>;
  let preloads: PagePreloads;

  beforeEach(() => {
    shellDist = mkdtempSync(join(tmpdir(), 'shell-hints-'));
    writeFileSync(
      join(shellDist, SHELL_HINTS_FILE),
      JSON.stringify({
        'signed-in-layouts': ['signed-in-layouts.11.js'],
        'plural-messages': ['plural-messages.22.js'],
        'shell-catalogue-en-json': ['shell-catalogue-en-json.33.js'],
        'shell-catalogue-yo-json': ['shell-catalogue-yo-json.44.js'],
      }),
    );
    asked = [];
    now = 1_000_000;
    answer = async () => Response.json(contributeBuild);
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return answer();
    }) as typeof fetch;
    preloads = new PagePreloads(manifest, shellDist, fetchFn, () => now);
  });
  afterEach(() => rmSync(shellDist, { recursive: true, force: true }));

  /** The hints once the remotes' manifests have been read (the first page only starts that). */
  const settledLinks = async (path: string, locale: string, signedIn: boolean) => {
    await preloads.linksFor(path, locale, signedIn);
    await new Promise((resolve) => setImmediate(resolve));
    return preloads.linksFor(path, locale, signedIn);
  };

  it("hints a signed-in page's session, remotes, language, layouts, plural formatter and its remote's scripts", async () => {
    expect(await settledLinks('/user/speak', 'yo', true)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</shell-catalogue-yo-json.44.js>; rel=preload; as=script',
      '</api/user/preferences>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</signed-in-layouts.11.js>; rel=preload; as=script',
      '</plural-messages.22.js>; rel=preload; as=script',
      `<${CONTRIBUTE}>; rel=preload; as=fetch; crossorigin=anonymous`,
      '<http://remotes.test/contribute/remoteEntry.js>; rel=preload; as=script',
      '<http://remotes.test/contribute/3.aa.js>; rel=preload; as=script',
      '<http://remotes.test/contribute/routes.bb.js>; rel=preload; as=script',
    ]);
    expect(asked).toEqual([CONTRIBUTE]);
  });

  it('hints no signed-in page to a visitor without a session, only what every page asks for', async () => {
    expect(await settledLinks('/user/speak', 'en', false)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</shell-catalogue-en-json.33.js>; rel=preload; as=script',
    ]);
    expect(asked).toEqual([]);
  });

  it('hints a page open to everyone in a signed-in layout to a visitor, without the plural formatter on a public page', async () => {
    const open = await settledLinks('/user/guide', 'en', false);
    expect(open).toContain('</signed-in-layouts.11.js>; rel=preload; as=script');
    expect(open).toContain('<http://remotes.test/contribute/routes.bb.js>; rel=preload; as=script');
    const landing = await preloads.linksFor('/', 'en', false);
    expect(landing).toContain(
      '<http://remotes.test/marketing/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(landing.join()).not.toMatch(/signed-in-layouts|plural-messages/);
  });

  it("reads a remote's manifest again after a minute, so a redeployed remote's scripts are hinted", async () => {
    await settledLinks('/user/speak', 'en', true);
    contributeBuild.exposes[0]!.assets.js.sync = ['3.aa.js', 'routes.new.js'];
    now += 61_000;
    const links = await settledLinks('/user/speak', 'en', true);
    expect(links).toContain('<http://remotes.test/contribute/routes.new.js>; rel=preload; as=script');
    expect(asked).toEqual([CONTRIBUTE, CONTRIBUTE]);
  });

  it('hints only the manifest of a remote that is down, and the shell without a hints file', async () => {
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    rmSync(join(shellDist, SHELL_HINTS_FILE));
    expect(await settledLinks('/user/speak', 'en', true)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/user/preferences>; rel=preload; as=fetch; crossorigin=use-credentials',
      `<${CONTRIBUTE}>; rel=preload; as=fetch; crossorigin=anonymous`,
    ]);
    // Not asked again at every page, but after a minute.
    await settledLinks('/user/speak', 'en', true);
    expect(asked).toEqual([CONTRIBUTE]);
    now += 61_000;
    await settledLinks('/user/speak', 'en', true);
    expect(asked).toEqual([CONTRIBUTE, CONTRIBUTE]);
  });
});
