// The workspace end to end, in Chromium, with the clicks a person makes: an admin grants the manager role on
// /settings → Accounts; the manager creates a Yoruba project with a member on /projects and a task for that
// member on /tasks; the member's validated recordings (made through the API: upload a WAV, two listeners
// vote YES) move the member's dashboard cards, the project's progress and the analytics Task Progress chart;
// settings survive a reload; a task shared publicly opens signed out until it is revoked. axe-core checks
// every workspace page as the manager sees it, with data on it. E2E_SHOTS=<folder> keeps a screenshot of every
// open page after each test (to see what a failing step saw).
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchChromium } from './support/browser';
import { siteUrl } from './support/platform';
import { remoteSection } from './support/shell-page';
import { asNumber, eventually, settledForAxe } from './support/waiting';
import { makeFakeMicrophoneFiles } from './contribute/audio-files';
import { createPerson, promoteTo, signIn, validatedRecording } from './contribute/people';
import type { Person } from './contribute/people';

jest.setTimeout(300_000);

const stamp = Date.now().toString(36);
const PROJECT = `E2E Yoruba Voices ${stamp}`;
const CLIENT = 'Lagos Language Lab';
const TASK = `Record Yoruba prompts ${stamp}`;
/** The project's target: validated Yoruba recordings. */
const PROJECT_TARGET = 5;
/** The assignee's validated recordings: more than the task's target of 1. */
const RECORDINGS = 2;

const day = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];
let admin: Person;
let manager: Person;
let assignee: Person;
let listeners: Person[];
let wav: Buffer;
let projectPath = '';

async function newPage(person: Person | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  if (person) await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${person?.firstname ?? 'visitor'}: ${error.message}`));
  return page;
}

/** Opens `pathname` and waits for the workspace's own heading. */
async function open(page: Page, pathname: string, heading: string | RegExp): Promise<Page> {
  await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
  await workspace(page).getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  return page;
}

const workspace = (page: Page) => remoteSection(page, 'mf_workspace');

async function pageAs(person: Person | null, pathname: string, heading: string | RegExp): Promise<Page> {
  return open(await newPage(person), pathname, heading);
}

/** A dashboard card's figure, once loaded (until then the card says 'Loading'). */
async function dashboardCard(page: Page, label: string): Promise<number> {
  const value = workspace(page).getByRole('link').filter({ hasText: label }).getByTestId('stat-value');
  await value.waitFor({ timeout: 20_000 });
  const text = await eventually(
    () => value.innerText(),
    (t) => /^\s*\d/.test(t),
    20_000,
  );
  return asNumber(text);
}

/** The project page's progress of its recordings target: done, from '{done} of {count}'. */
async function targetDone(page: Page): Promise<number> {
  const bar = workspace(page).getByRole('progressbar', { name: 'Progress of the Recordings target' });
  await bar.waitFor({ timeout: 20_000 });
  const text = (await bar.getAttribute('aria-valuetext')) ?? '';
  const match = /^([\d,]+) of /.exec(text);
  if (!match) throw new Error(`unexpected target progress text: ${text}`);
  return asNumber(match[1]!);
}

/**
 * /analytics, Task Progress for This Week and our project: today's validated value (0 while the chart says
 * there is no data yet), read from its table view.
 */
async function validatedToday(page: Page): Promise<number> {
  const main = workspace(page);
  await main.getByRole('combobox', { name: 'Project' }).selectOption({ label: PROJECT });
  await main.getByRole('combobox', { name: 'Period' }).selectOption('week');
  const chart = main.getByRole('region', { name: 'Task Progress', exact: true });
  const table = chart.getByRole('button', { name: 'Table view' });
  const empty = chart.getByText('No data yet');
  const failed = chart.getByText('This chart could not be loaded');
  // Until the address holds both choices, the chart may still show (or load) the previous ones' answer.
  await eventually(
    () => page.evaluate(() => location.search),
    (search) => search.includes('period=week') && search.includes('project='),
  );
  const shown = await eventually(
    async () => {
      if (await failed.isVisible()) return 'failed';
      if (await empty.isVisible()) return 'empty';
      return (await table.isVisible()) ? 'table' : 'loading';
    },
    (state) => state !== 'loading',
  );
  if (shown === 'failed') throw new Error('the Task Progress chart could not be loaded');
  if (shown === 'empty') return 0;
  if (shown === 'loading') throw new Error('the Task Progress chart was still loading');
  if ((await table.getAttribute('aria-pressed')) !== 'true') await table.click();
  const todayLabel = new Intl.DateTimeFormat('en', {
    weekday: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  const row = chart.getByRole('table').getByRole('row').filter({ hasText: todayLabel });
  await row.first().waitFor({ timeout: 20_000 });
  // Period, Translated, Validated.
  const cells = await row.first().getByRole('cell').allInnerTexts();
  return asNumber(cells[cells.length - 1]!);
}

/** /tasks as a manager, showing the tasks of the projects they manage, and the row of our task. */
async function managedTaskRow(page: Page): Promise<Locator> {
  await open(page, '/tasks', 'Tasks');
  await workspace(page).getByRole('radio', { name: 'Tasks I manage' }).click();
  await page.waitForURL(/scope=managed/);
  const row = workspace(page).getByRole('row').filter({ hasText: TASK });
  await row.waitFor({ timeout: 20_000 });
  return row;
}

beforeAll(async () => {
  wav = readFileSync(makeFakeMicrophoneFiles().speech);
  const people = await Promise.all([
    createPerson('Chiamaka'),
    createPerson('Babatunde'),
    createPerson('Folasade'),
    createPerson('Ifeoma'),
    createPerson('Garba'),
  ]);
  admin = await promoteTo(people[0]!, 'admin');
  manager = people[1]!;
  assignee = people[2]!;
  listeners = [people[3]!, people[4]!];
  browser = await launchChromium();
});

afterEach(async () => {
  if (!process.env.E2E_SHOTS) return;
  const name = expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'test';
  let i = 0;
  for (const context of contexts)
    for (const p of context.pages())
      await p
        .screenshot({ path: `${process.env.E2E_SHOTS}/${name}-${i++}.png`, fullPage: true })
        .catch(() => undefined);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('the workspace', () => {
  it('an admin grants the manager role on Settings → Accounts', async () => {
    const page = await pageAs(admin, '/settings', 'Settings');
    const main = workspace(page);
    await main.getByRole('tab', { name: 'Accounts' }).click();
    await main.getByRole('searchbox', { name: 'Search by name, username or e-mail' }).fill(manager.email);
    const role = main.getByRole('combobox', { name: 'Role of Babatunde Tester' });
    await role.waitFor({ timeout: 20_000 });
    await expect(role.inputValue()).resolves.toBe('contributor');
    await role.selectOption('manager');
    await page.getByText('Babatunde Tester is now: Project manager').waitFor({ timeout: 20_000 });
    // The new role is what the list says after a reload too.
    await open(page, '/settings', 'Settings');
    await main.getByRole('tab', { name: 'Accounts' }).click();
    await main.getByRole('searchbox', { name: 'Search by name, username or e-mail' }).fill(manager.email);
    await expect(main.getByRole('combobox', { name: 'Role of Babatunde Tester' }).inputValue()).resolves.toBe(
      'manager',
    );
    manager = await signIn(manager);
    expect(pageErrors).toEqual([]);
  });

  it('the manager creates a Yoruba project with a member on /projects', async () => {
    const page = await pageAs(manager, '/projects', 'Projects');
    const main = workspace(page);
    await main.getByRole('button', { name: 'New Project' }).click();
    const form = page.getByRole('dialog', { name: 'New Project' });
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(PROJECT);
    await form.getByRole('textbox', { name: 'Client' }).fill(CLIENT);
    await form.getByRole('checkbox', { name: 'Yorùbá' }).check();
    await form.getByLabel('Start date').fill(day(0));
    await form.getByLabel('Due date').fill(day(30));
    const target = form.getByRole('group', { name: 'Target 1' });
    await target.getByRole('combobox', { name: 'Kind' }).selectOption('recordings');
    await target.getByRole('combobox', { name: 'Language' }).selectOption('yo');
    await target.getByRole('spinbutton', { name: 'Count' }).fill(String(PROJECT_TARGET));
    await form.getByRole('searchbox', { name: 'Find people' }).fill('Folasade');
    await form.getByRole('button', { name: /^Add Folasade Tester/ }).click();
    await form.getByRole('list', { name: 'Chosen members' }).getByText('Folasade Tester').waitFor();
    await form.getByRole('button', { name: 'Create Project' }).click();
    await form.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.getByText('Project created.').first().waitFor();

    // The new project opens on its own page.
    await main.getByRole('heading', { level: 1, name: PROJECT }).waitFor({ timeout: 20_000 });
    projectPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await targetDone(page);

    // The list shows it with its progress and status words.
    await open(page, '/projects', 'Projects');
    const row = main.getByRole('row').filter({ hasText: PROJECT });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('progressbar', { name: `Progress of ${PROJECT}` }).waitFor();
    await expect(row.innerText()).resolves.toMatch(/On Track|At Risk|Delayed/);
    await expect(row.innerText()).resolves.toContain('Yorùbá');
    await row.getByRole('link', { name: `View ${PROJECT}` }).waitFor();
    expect(projectPath).toMatch(/^\/projects\/view\?id=/);
    expect(pageErrors).toEqual([]);
  });

  it('the manager creates a task for the member on /tasks, after being told what is missing', async () => {
    const page = await pageAs(manager, '/tasks', 'Tasks');
    const form = workspace(page)
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Create Task' }) });
    await form.getByRole('button', { name: 'Create Task' }).click();
    await form.getByText('Please fill all fields.').waitFor();

    await form.getByRole('combobox', { name: 'Project' }).selectOption({ label: PROJECT });
    await form.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: 'Folasade Tester' });
    await form.getByRole('combobox', { name: 'Priority' }).selectOption('high');
    await form.getByLabel('Due date').fill(day(14));
    await form.getByRole('textbox', { name: 'Description' }).fill(TASK);
    await form.getByRole('combobox', { name: 'Target (optional)' }).selectOption('recordings');
    await form.getByRole('spinbutton', { name: 'Target count' }).fill('1');
    await form.getByRole('button', { name: 'Create Task' }).click();
    await page.getByText('Task created.').first().waitFor({ timeout: 20_000 });

    // A manager's list shows their own tasks first; the member's task is among those they manage.
    await form.getByRole('combobox', { name: 'Project' }).waitFor();
    const row = await managedTaskRow(page);
    await expect(row.innerText()).resolves.toContain('High');
    await expect(row.innerText()).resolves.toContain('Folasade Tester');
    expect(pageErrors).toEqual([]);
  });

  it("the member's validated recordings move the dashboard, the project's progress and the analytics", async () => {
    // Before.
    const dashboard = await pageAs(assignee, '/dashboard', 'Dashboard');
    await expect(dashboardCard(dashboard, 'Pending Tasks')).resolves.toBe(1);
    await expect(dashboardCard(dashboard, 'Completed Tasks')).resolves.toBe(0);
    const project = await pageAs(manager, projectPath, PROJECT);
    const doneBefore = await targetDone(project);
    const analytics = await pageAs(manager, '/analytics', 'Analytics');
    const validatedBefore = await validatedToday(analytics);

    for (let i = 0; i < RECORDINGS; i++) await validatedRecording(assignee, listeners, wav, 'yo');

    // After: the task's target (1) is reached, so it is completed and nothing is pending.
    const completed = await eventually(
      async () => {
        await open(dashboard, '/dashboard', 'Dashboard');
        return [
          await dashboardCard(dashboard, 'Completed Tasks'),
          await dashboardCard(dashboard, 'Pending Tasks'),
        ];
      },
      ([done, pending]) => done === 1 && pending === 0,
    );
    expect(completed).toEqual([1, 0]);

    const doneAfter = await eventually(
      async () => {
        await open(project, projectPath, PROJECT);
        return targetDone(project);
      },
      (done) => done >= doneBefore + RECORDINGS,
    );
    expect(doneAfter).toBeGreaterThanOrEqual(doneBefore + RECORDINGS);

    const validatedAfter = await eventually(
      async () => {
        await open(analytics, '/analytics', 'Analytics');
        return validatedToday(analytics);
      },
      (n) => n >= validatedBefore + RECORDINGS,
    );
    expect(validatedAfter).toBeGreaterThanOrEqual(validatedBefore + RECORDINGS);

    // The task list says so too, for the manager.
    const row = await managedTaskRow(await newPage(manager));
    await row.getByText('Completed').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("the member's bio and digest frequency survive a reload", async () => {
    const bio = `Ọmọ Ìbàdàn; I read Yorùbá aloud (${stamp}).`;
    const page = await pageAs(assignee, '/settings', 'Settings');
    const main = workspace(page);
    await main.getByRole('textbox', { name: 'Bio' }).fill(bio);
    await main.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated').first().waitFor({ timeout: 20_000 });
    await main.getByRole('tab', { name: 'Notifications' }).click();
    await main.getByRole('radio', { name: 'Weekly' }).check();
    await main.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Notification preferences saved').first().waitFor({ timeout: 20_000 });

    await open(page, '/settings', 'Settings');
    const bioField = main.getByRole('textbox', { name: 'Bio' });
    await bioField.waitFor({ timeout: 20_000 });
    await expect(bioField.inputValue()).resolves.toBe(bio);
    await main.getByRole('tab', { name: 'Notifications' }).click();
    const weekly = main.getByRole('radio', { name: 'Weekly' });
    await weekly.waitFor({ timeout: 20_000 });
    await expect(weekly.isChecked()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('a task shared publicly opens signed out, until the link is revoked', async () => {
    const page = await newPage(manager);
    const row = await managedTaskRow(page);
    await row.getByRole('button', { name: `Share Publicly: “${TASK}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Public link' });
    await dialog.waitFor({ timeout: 20_000 });
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toContain('/shared/task');

    const visitor = await newPage(null);
    await visitor.goto(link, { waitUntil: 'domcontentloaded' });
    const shared = workspace(visitor);
    await shared.getByText(TASK).first().waitFor({ timeout: 30_000 });
    const progress = shared.getByRole('progressbar', { name: 'Progress towards the target' });
    await progress.waitFor();
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('100');
    await settledForAxe(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);

    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The public link was revoked.').first().waitFor({ timeout: 20_000 });
    await visitor.goto(link, { waitUntil: 'domcontentloaded' });
    await shared.getByText('This link is not shared any more.').waitFor({ timeout: 30_000 });
    await expect(shared.getByText(TASK).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('every workspace page has no serious or critical axe violation, as the manager sees it with data', async () => {
    const pages: Array<[string, string | RegExp, (page: Page) => Locator]> = [
      ['/dashboard', 'Dashboard', (p) => workspace(p).getByTestId('stat-value').first()],
      ['/projects', 'Projects', (p) => workspace(p).getByRole('row').filter({ hasText: PROJECT })],
      [projectPath, PROJECT, (p) => workspace(p).getByRole('progressbar').first()],
      ['/tasks?scope=managed', 'Tasks', (p) => workspace(p).getByRole('row').filter({ hasText: TASK })],
      ['/analytics', 'Analytics', (p) => workspace(p).getByRole('heading', { name: 'Task Progress' })],
      ['/settings', 'Settings', (p) => workspace(p).getByRole('textbox', { name: 'Bio' })],
    ];
    const page = await newPage(manager);
    const found: Record<string, unknown[]> = {};
    for (const [pathname, heading, loaded] of pages) {
      await open(page, pathname, heading);
      await loaded(page).waitFor({ timeout: 20_000 });
      await settledForAxe(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[pathname] = violations;
    }
    expect(found).toEqual({});
    expect(pageErrors).toEqual([]);
  });
});
