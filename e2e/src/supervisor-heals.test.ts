// The platform heals: a process killed outright (SIGKILL, as a crash or the out-of-memory killer would) is
// restarted by the supervisor and serves again, while everything else keeps serving. Meanwhile the gateway
// answers calls for a dead service with 503, and a remote's page offers Retry, which brings it back without
// a reload. Waits are generous polls, not timings: the supervisor's own pauses are 1 s, 2 s, 4 s …
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, newVisitor } from './support/browser';
import { killProcess, memberSessionCookie, remoteEntries, siteUrl, startProcess } from './support/platform';
import {
  expectUnavailable,
  markWindow,
  navigateInApp,
  readMark,
  remoteHeading,
  unavailableSection,
} from './support/shell-page';
import { remoteCatalog } from '@platform/contracts';

const BACK_WITHIN_MS = 30_000;

async function call(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${siteUrl()}${pathname}`, {
    ...init,
    headers: { accept: 'application/json', cookie: `plt=${memberSessionCookie()}`, ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Polls until `check` holds; fails with what was last seen if it does not within BACK_WITHIN_MS. */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, what: string) {
  const deadline = Date.now() + BACK_WITHIN_MS;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (check(last)) return last;
    } catch (error) {
      last = undefined;
      void error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${BACK_WITHIN_MS / 1000} s (last: ${JSON.stringify(last)})`);
}

const everythingReady = () =>
  eventually(
    () => call('/readyz'),
    (r) => r.status === 200,
    'the gateway reporting every service ready',
  );

afterAll(async () => {
  // Leave the platform whole for the files that run after this one, whatever happened here.
  for (const name of ['mongo', 'text', 'speech', 'mf_datasets']) await startProcess(name);
  await everythingReady();
});

describe('a backend service killed outright', () => {
  // Each service's own routes as the gateway sends them on: a 503 while the service is away, its normal
  // answer again once the supervisor has restarted it.
  const cases = [
    { service: 'text', route: '/api/text-audio-pairs/' },
    { service: 'speech', route: '/api/user/stats' },
  ];

  it.each(cases)(
    '$service: the gateway answers its calls with 503 meanwhile, and it serves again once restarted',
    async ({ service, route }) => {
      await everythingReady();
      const before = await call(route);
      expect(before.status).not.toBe(503);

      await killProcess(service);
      const during = await call(route);
      expect(during.status).toBe(503);
      expect(during.type).toMatch(/application\/json/);
      expect(JSON.parse(during.text)).toEqual(expect.objectContaining({ statusCode: 503 }));
      // Everything else keeps serving.
      expect((await call('/healthz')).status).toBe(200);
      const page = await fetch(`${siteUrl()}/dashboard`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);

      const after = await eventually(
        () => call(route),
        (r) => r.status !== 503,
        `${service} serving again`,
      );
      expect(after.status).toBe(before.status);
      await everythingReady();
    },
    90_000,
  );
});

describe('the embedded database killed outright', () => {
  it('comes back with its data, and the services serve from it again', async () => {
    await everythingReady();
    const before = await call('/api/user/stats');
    expect(before.status).toBe(200);

    await killProcess('mongo');

    const after = await eventually(
      () => call('/api/user/stats'),
      (r) => r.status === 200,
      'the speech service reading the database again',
    );
    expect(JSON.parse(after.text)).toEqual(JSON.parse(before.text));
    await everythingReady();
  }, 90_000);
});

describe("a remote's static server killed outright", () => {
  const DOWN = 'mf_datasets';
  const down = remoteCatalog.find((r) => r.name === DOWN)!;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await newVisitor(browser, { signedIn: true });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('its page offers Retry while it is away, and Retry brings it back without a reload', async () => {
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/dashboard`, { waitUntil: 'domcontentloaded' });
    await remoteHeading(page, 'mf_workspace');
    const mark = await markWindow(page);

    await killProcess(DOWN);
    // Opened at once, while the supervisor is still pausing before the restart.
    await navigateInApp(page, down.routes[0]!.path);
    await expectUnavailable(page, DOWN);

    // Once the supervisor has it serving again, Retry renders the page in the same document.
    await eventually(
      () => fetch(remoteEntries()[DOWN]!).then((r) => r.status),
      (status) => status === 200,
      `${DOWN} serving its manifest again`,
    );
    await unavailableSection(page, DOWN).getByRole('button', { name: 'Retry' }).click();
    expect(await remoteHeading(page, DOWN)).not.toBe('');
    expect(await unavailableSection(page, DOWN).count()).toBe(0);
    expect(await readMark(page)).toBe(mark);
  }, 90_000);
});
