import fs from 'node:fs';
import path from 'node:path';
import { definePage, pageAt, pageUrl, readPageQuery, writePageQuery } from './page';
import {
  PAGES,
  landingPage,
  projectPage,
  settingsPage,
  signinPage,
  tasksPage,
  textToSpeechPage,
  viewAudioPairsPage,
} from './pages';
import { remoteCatalog } from './remotes';

describe('the page declarations', () => {
  it('name every page once and give every path once', () => {
    expect(new Set(PAGES.map((page) => page.name)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
  });

  it('live each in the file its address names (/ in landing.ts), and nothing else is declared there', () => {
    const folder = path.join(__dirname, 'pages');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? files(full) : [path.relative(folder, full)];
      });
    const expected = PAGES.map((page) => `${page.path === '/' ? 'landing' : page.path.slice(1)}.ts`);
    expect(
      files(folder)
        .filter((file) => file !== 'index.ts')
        .sort(),
    ).toEqual([...expected].sort());
    for (const page of PAGES) {
      const file = path.join(folder, `${page.path === '/' ? 'landing' : page.path.slice(1)}.ts`);
      expect(fs.readFileSync(file, 'utf8')).toContain(`path: '${page.path}',`);
    }
  });

  it('are the remote catalogue: each remote serves exactly the pages that name it', () => {
    for (const remote of remoteCatalog) {
      expect(remote.routes.map((route) => route.path)).toEqual(
        PAGES.filter((page) => page.remote === remote.key).map((page) => page.path),
      );
    }
  });

  it('keep every page of the public layout public: /remotes.json cannot say otherwise', () => {
    expect(PAGES.filter((page) => page.layout === 'public' && page.access !== 'public')).toEqual([]);
  });

  it('put each place of the navigation in one order, without two entries at one position', () => {
    const places = ['sidebar', 'contributorTabs', 'contributorHeader', 'publicFooter'] as const;
    for (const place of places) {
      const orders = PAGES.flatMap((page) => {
        const entry = page.nav?.[place];
        return entry ? [`${'column' in entry ? entry.column : ''}${entry.order}`] : [];
      });
      expect(new Set(orders).size).toBe(orders.length);
    }
  });
});

describe('pageUrl', () => {
  it('is the path alone without parameters', () => {
    expect(pageUrl(tasksPage)).toBe('/tasks');
    expect(pageUrl(landingPage)).toBe('/');
  });

  it('writes the given query parameters in the order the page declares them, encoded', () => {
    expect(pageUrl(tasksPage, { q: 'a b&c', status: 'completed' })).toBe(
      '/tasks?status=completed&q=a%20b%26c',
    );
    expect(pageUrl(signinPage, { next: '/tasks?status=overdue' })).toBe(
      '/signin?next=%2Ftasks%3Fstatus%3Doverdue',
    );
    expect(pageUrl(settingsPage, { tab: 'account' })).toBe('/settings?tab=account');
  });

  it('leaves out a parameter that is absent or empty', () => {
    expect(pageUrl(tasksPage, { q: '', status: undefined, page: 2 })).toBe('/tasks?page=2');
  });

  it('ends with the hash it is given', () => {
    expect(pageUrl(landingPage, {}, { hash: 'faq' })).toBe('/#faq');
  });

  it('fills in path parameters and refuses to build an address without one', () => {
    const pairPage = definePage({
      name: 'pair',
      path: '/pairs/:id/audio',
      remote: 'datasets',
      layout: 'app',
      title: 'Pair',
      access: 'signedIn',
      query: { side: ['english', 'yoruba'] },
    });
    expect(pageUrl(pairPage, { id: 'a/b', side: 'english' })).toBe('/pairs/a%2Fb/audio?side=english');
    expect(() => pageUrl(pairPage, { id: '' })).toThrow("Missing path parameter 'id'");
  });

  it('checks its parameters at compile time', () => {
    // @ts-expect-error: tasks take no 'colour'
    pageUrl(tasksPage, { colour: 'red' });
    // @ts-expect-error: not a status of the task list
    pageUrl(tasksPage, { status: 'sleeping' });
    // @ts-expect-error: a page number is a number
    pageUrl(tasksPage, { page: '2' });
    expect(true).toBe(true);
  });
});

describe('reading and writing a page query', () => {
  const search = (query: string) => new URLSearchParams(query);

  it('reads each declared parameter by its kind and ignores what does not read', () => {
    expect(readPageQuery(viewAudioPairsPage, search('dialect=ekiti-yoruba&status=nope&page=3&x=1'))).toEqual({
      dialect: 'ekiti-yoruba',
      page: 3,
    });
    expect(readPageQuery(viewAudioPairsPage, search('page=0'))).toEqual({});
    expect(readPageQuery(viewAudioPairsPage, search('page=2.5'))).toEqual({});
    expect(readPageQuery(tasksPage, search('q=%20%20'))).toEqual({});
    expect(readPageQuery(tasksPage, search('q=%20words%20'))).toEqual({ q: 'words' });
  });

  it('writes a change over the current query, leaving defaults and absent values out', () => {
    const next = writePageQuery(tasksPage, search('status=active&page=3'), { priority: 'high' });
    // Any change of filters goes back to the first page.
    expect(next.toString()).toBe('status=active&priority=high');
    expect(writePageQuery(tasksPage, next, { page: 2 }).toString()).toBe(
      'status=active&priority=high&page=2',
    );
    expect(writePageQuery(tasksPage, next, { status: undefined }).toString()).toBe('priority=high');
    expect(
      writePageQuery(tasksPage, search('scope=managed'), { scope: 'mine' }, { scope: 'mine' }).toString(),
    ).toBe('');
  });

  it("reads View Audio Pairs' dialect, status and page, and writes them back without page 1 or 'all'", () => {
    expect(readPageQuery(viewAudioPairsPage, search('dialect=ekiti-yoruba&status=rejected&page=3'))).toEqual({
      dialect: 'ekiti-yoruba',
      status: 'rejected',
      page: 3,
    });
    expect(readPageQuery(viewAudioPairsPage, search('dialect=Ekiti&status=done&page=-2'))).toEqual({});
    const current = search('lang=yo&page=4&status=pending');
    expect(
      writePageQuery(
        viewAudioPairsPage,
        current,
        { dialect: 'other', status: undefined },
        { page: 1 },
      ).toString(),
    ).toBe('dialect=other&lang=yo');
    expect(writePageQuery(viewAudioPairsPage, current, { status: 'approved', page: 2 }).toString()).toBe(
      'status=approved&page=2&lang=yo',
    );
    expect(writePageQuery(viewAudioPairsPage, current, { page: 1 }, { page: 1 }).toString()).toBe(
      'status=pending&lang=yo',
    );
  });

  it('keeps parameters the page does not declare and drops declared ones that do not read', () => {
    expect(
      writePageQuery(projectPage, search('id=p1&__throw=mf_workspace&page=x'), { page: 2 }).toString(),
    ).toBe('id=p1&page=2&__throw=mf_workspace');
  });
});

describe('pageAt', () => {
  it('finds the declaration of a path', () => {
    expect(pageAt(PAGES, '/model/text-to-speech')).toBe(textToSpeechPage);
    expect(pageAt(PAGES, '/tasks/')).toBe(tasksPage);
    expect(pageAt(PAGES, '/no/such/page')).toBeUndefined();
  });
});
