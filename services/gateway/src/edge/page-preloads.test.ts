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
    preloads = new PagePreloads(manifest, shellDist);
  });
  afterEach(() => rmSync(shellDist, { recursive: true, force: true }));

  const settledLinks = (path: string, locale: string, signedIn: boolean) =>
    preloads.linksFor(path, locale, signedIn);

  it("hints a signed-in page's session, remotes, language, layouts, plural formatter and its remote's scripts", async () => {
    expect(await settledLinks('/user/speak', 'yo', true)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</shell-catalogue-yo-json.44.js>; rel=preload; as=script',
      '</api/user/preferences>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</signed-in-layouts.11.js>; rel=preload; as=script',
      '</plural-messages.22.js>; rel=preload; as=script',
      `<${CONTRIBUTE}>; rel=preload; as=fetch; crossorigin=anonymous`,
    ]);
  });

  it('hints no signed-in page to a visitor without a session, only what every page asks for', async () => {
    expect(await settledLinks('/user/speak', 'en', false)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</shell-catalogue-en-json.33.js>; rel=preload; as=script',
    ]);
  });

  it('hints a page open to everyone in a signed-in layout to a visitor, without the plural formatter on a public page', async () => {
    const open = await settledLinks('/user/guide', 'en', false);
    expect(open).toContain('</signed-in-layouts.11.js>; rel=preload; as=script');
    expect(open).toContain(`<${CONTRIBUTE}>; rel=preload; as=fetch; crossorigin=anonymous`);
    const landing = await preloads.linksFor('/', 'en', false);
    expect(landing).toContain(
      '<http://remotes.test/marketing/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(landing.join()).not.toMatch(/signed-in-layouts|plural-messages/);
  });
});
