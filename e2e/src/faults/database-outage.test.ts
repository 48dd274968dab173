// The database slow (its process stopped with SIGSTOP: connections open, nothing answered) or gone (its
// process stopped) for a while: every call that needs it is answered 503 `database.unavailable` within 5 s
// the whole time, never held until the database returns, and the services serve again by themselves once it
// is back. The outage lasts FAULT_OUTAGE_MS (8 s by default; 30000 for the full-length check).
import {
  memberSessionCookie,
  pauseProcess,
  resumeProcess,
  startProcess,
  stopProcess,
} from '../support/platform';
import { call, platformWhole, until, type Answer } from './faults';

const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS) || 8_000;
const WITHIN_MS = 5_000;
// One route of each service behind the gateway, both reading the database on every call.
const ROUTES = ['/api/user/stats', '/api/text-audio-pairs/'];

/** Calls every route, one after another, until the outage is over; every answer with its time. */
async function callThroughout(session: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = Date.now() + OUTAGE_MS;
  while (Date.now() < end) {
    for (const route of ROUTES) answers.push(await call(route, { session, timeoutMs: 20_000 }));
  }
  return answers;
}

function expectRefusedQuickly(answers: Answer[]) {
  const slow = answers.filter((a) => a.ms >= WITHIN_MS);
  expect(slow).toEqual([]);
  // Once the services know (a second or three), every call is the outage's 503.
  const refused = answers.filter((a) => a.status === 503 && a.code === 'database.unavailable');
  expect(refused.length).toBeGreaterThan(answers.length / 2);
  expect(answers.slice(-ROUTES.length).map((a) => [a.status, a.code])).toEqual(
    ROUTES.map(() => [503, 'database.unavailable']),
  );
  // A call caught in flight as the database stopped may outlast the gateway's wait for its service: that is
  // the gateway's 504, still within the 5 s.
  expect(answers.filter((a) => a.status !== 503 && a.status !== 200 && a.code !== 'service.timeout')).toEqual(
    [],
  );
}

const servingAgain = (session: string) =>
  until(
    () => Promise.all(ROUTES.map((r) => call(r, { session }))),
    (answers) => answers.every((a) => a.status === 200),
    'every service serving from the database again',
    30_000,
  );

describe('the database slow or gone', () => {
  const session = memberSessionCookie();
  beforeAll(platformWhole, 90_000);
  afterAll(async () => {
    await resumeProcess('mongo').catch(() => undefined);
    await startProcess('mongo');
    await platformWhole();
  }, 90_000);

  it('stopped answering (SIGSTOP): calls are 503 within 5 s throughout, and served again once it answers', async () => {
    await servingAgain(session);
    await pauseProcess('mongo');
    let answers: Answer[];
    try {
      answers = await callThroughout(session);
    } finally {
      await resumeProcess('mongo');
    }
    expectRefusedQuickly(answers);
    await servingAgain(session);
  }, 90_000);

  it('gone (its process stopped): calls are 503 within 5 s throughout, and served again once it is back', async () => {
    await servingAgain(session);
    await stopProcess('mongo');
    let answers: Answer[];
    try {
      answers = await callThroughout(session);
    } finally {
      await startProcess('mongo');
    }
    expectRefusedQuickly(answers);
    await servingAgain(session);
  }, 90_000);
});
