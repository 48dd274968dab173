// Text people store is shown as text: markup saved in a project's name and description, a task's description, a
// dataset upload's description and a person's display name and bio is drawn literally on every screen that
// shows it, in Chromium, and none of it runs (an <img onerror> would set window.__xss). A sentence or a text
// pair carrying markup is either refused by the writing rules or, once stored, shown as text too.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { remoteSection } from './support/shell-page';
import { siteUrl } from './support/platform';
import { newClientAddress } from './support/client-address';
import { asPerson, createPerson, promoteTo, type Person } from './contribute/people';
import { PeoplePages } from './contribute/pages';

jest.setTimeout(240_000);

const MARKUP = '<img src=x onerror="window.__xss=1">';
const stamp = Date.now().toString(36);
const PROJECT = `Markup ${stamp} ${MARKUP}`;
const DESCRIPTION = `About ${stamp} ${MARKUP}`;
const TASK = `Task ${stamp} ${MARKUP}`;
const UPLOAD = `Upload ${stamp} ${MARKUP}`;
const BIO = `Bio ${stamp} ${MARKUP}`;
const FULL_NAME = `Ade ${MARKUP}`;
/** A visitor's contact message: its names and languages are shown to admins. */
const CONTACT_NAME = `Visitor${stamp}`;
const CONTACT_LANGUAGES = `Yoruba ${stamp} ${MARKUP}`;

let browser: Browser;
let pages: PeoplePages;
let manager: Person;
let member: Person;
let nameStored = false;
let projectPath = '';
let admin: Person;
let publicTaskUrl = '';

async function json<T>(res: Response, wanted: number, what: string): Promise<T> {
  const text = await res.text();
  if (res.status !== wanted) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const send = (person: Person, method: string, pathname: string, body?: unknown) =>
  asPerson(
    person,
    pathname,
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );

beforeAll(async () => {
  browser = await launchChromium();
  pages = new PeoplePages(browser);
  manager = await promoteTo(await createPerson('Maka'), 'manager');
  member = await createPerson('Ade');
  const { user } = await json<{ user: { id: string } }>(
    await asPerson(member, '/auth/session'),
    200,
    'session',
  );

  const profile = await json<Record<string, unknown>>(
    await asPerson(member, '/api/settings/profile'),
    200,
    'profile',
  );
  // A display name with markup may be refused by the name rules; the bio is free text.
  const named = await send(member, 'PUT', '/api/settings/profile', {
    fullName: FULL_NAME,
    username: profile.username ?? null,
    bio: BIO,
    languages: [],
  });
  nameStored = named.status === 200;
  if (!nameStored) {
    expect(named.status).toBeLessThan(500);
    await json(
      await send(member, 'PUT', '/api/settings/profile', {
        fullName: profile.fullName,
        username: profile.username ?? null,
        bio: BIO,
        languages: [],
      }),
      200,
      'profile with the bio',
    );
  }

  const project = await json<{ id: string }>(
    await send(manager, 'POST', '/api/projects', {
      name: PROJECT,
      client: 'Markup Lab',
      description: DESCRIPTION,
      languages: ['yo'],
      startDate: new Date().toISOString().slice(0, 10),
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      targets: [{ kind: 'recordings', count: 5 }],
      memberIds: [user.id],
    }),
    201,
    'project',
  );
  const task = await json<{ id: string }>(
    await send(manager, 'POST', '/api/tasks', {
      projectId: project.id,
      description: TASK,
      assigneeId: user.id,
      priority: 'high',
      dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    }),
    201,
    'task',
  );
  projectPath = `/projects/view?id=${project.id}`;
  const shared = await json<{ url: string }>(
    await send(manager, 'POST', `/api/tasks/${task.id}/share/public`),
    200,
    'public link',
  );
  publicTaskUrl = new URL(shared.url, siteUrl()).href;

  admin = await promoteTo(await createPerson('Adaeze'), 'admin');
  const contact = await fetch(`${siteUrl()}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientAddress() },
    body: JSON.stringify({
      firstName: CONTACT_NAME,
      lastName: MARKUP,
      email: `visitor.${stamp}@example.org`,
      interest: 'Contributing speech data',
      languages: CONTACT_LANGUAGES,
    }),
  });
  await json(contact, 200, 'contact message');

  const form = new FormData();
  form.append('type', 'csv');
  form.append('description', UPLOAD);
  form.append(
    'file',
    new Blob(['text,language,citation\nThe river is wide.,en,Mine\n'], { type: 'text/csv' }),
    'notes.csv',
  );
  await json(await asPerson(member, '/api/uploads', { method: 'POST', body: form }), 201, 'upload');
});

afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
});

/** The page shows `text` as text, holds no element made from it, and nothing set window.__xss. */
async function showsLiterally(page: Page, remote: string, text: string) {
  await remoteSection(page, remote).getByText(text, { exact: false }).first().waitFor({ timeout: 20_000 });
  // Whatever ran would have run by now: the page has drawn the text, and an image error fires at once.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

describe('stored markup is shown as text', () => {
  it('in the project list and the project page, with its member', async () => {
    const list = await pages.open(manager, '/projects', 'mf_workspace');
    await showsLiterally(list, 'mf_workspace', PROJECT);
    const project = await pages.open(manager, projectPath, 'mf_workspace');
    await showsLiterally(project, 'mf_workspace', PROJECT);
    await showsLiterally(project, 'mf_workspace', DESCRIPTION);
    if (nameStored) await showsLiterally(project, 'mf_workspace', FULL_NAME);
  });

  it('in the task lists of the assignee and of the project’s manager', async () => {
    const mine = await pages.open(member, '/tasks', 'mf_workspace');
    await showsLiterally(mine, 'mf_workspace', TASK);
    const managed = await pages.open(manager, '/tasks', 'mf_workspace');
    const section = remoteSection(managed, 'mf_workspace');
    await section.getByRole('radio', { name: 'Tasks I manage' }).check();
    await section.getByRole('button', { name: 'Filter' }).click();
    await showsLiterally(managed, 'mf_workspace', TASK);
  });

  it('on the task’s public page, to a visitor who is not signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const visitor = await context.newPage();
      await visitor.goto(publicTaskUrl, { waitUntil: 'domcontentloaded' });
      await showsLiterally(visitor, 'mf_workspace', TASK);
    } finally {
      await context.close();
    }
  });

  it('in the admin’s lists of accounts and of contact inquiries', async () => {
    if (nameStored) {
      const accounts = await pages.open(
        admin,
        `/settings?tab=accounts&q=${encodeURIComponent(member.email)}`,
        'mf_workspace',
      );
      await showsLiterally(accounts, 'mf_workspace', FULL_NAME);
    }
    const inquiries = await pages.open(admin, `/settings?tab=inquiries&q=${CONTACT_NAME}`, 'mf_workspace');
    await showsLiterally(inquiries, 'mf_workspace', CONTACT_LANGUAGES);
    await showsLiterally(inquiries, 'mf_workspace', `${CONTACT_NAME} ${MARKUP}`);
  });

  it('in the upload history', async () => {
    const page = await pages.open(member, '/data/uploads', 'mf_datasets');
    await showsLiterally(page, 'mf_datasets', UPLOAD);
  });

  it('in the profile', async () => {
    const page = await pages.open(member, '/settings', 'mf_workspace');
    const bio = remoteSection(page, 'mf_workspace').getByRole('textbox', { name: 'Bio' });
    await bio.waitFor({ timeout: 20_000 });
    await expect(bio.inputValue()).resolves.toBe(BIO);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('a sentence or a text pair with markup is refused, or kept as it was written', async () => {
    const sentence = await send(member, 'POST', '/api/sentences', {
      text: `The river ${MARKUP} is wide.`,
      citation: 'Mine',
      domain: [],
      lang: 'en',
      cc0Confirmed: true,
    });
    const pair = await send(member, 'POST', '/api/text/add', {
      source_lang_text: `Good ${MARKUP} morning.`,
      target_lang_text: `Ẹ káàárọ̀ ${MARKUP}.`,
      text_category: 'conversational',
    });
    for (const [res, field] of [
      [sentence, 'text'],
      [pair, 'source_lang_text'],
    ] as const) {
      expect(res.status).toBeLessThan(500);
      if (res.status === 201) expect(String((await res.json())[field])).toContain(MARKUP);
      else expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('threw no error in any page', () => {
    expect(pages.pageErrors).toEqual([]);
  });
});
