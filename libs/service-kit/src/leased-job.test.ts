import { MongoClient, type Db } from 'mongodb';
import { JOB_LEASES, leasedJob, type LeasedJobOptions } from './leased-job';
import { startTestMongo, uniqueDbName, type TestMongo } from './testing';

describe('leasedJob', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let db: Db;
  const log = { warn: jest.fn() };

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
  });
  beforeEach(() => {
    db = client.db(uniqueDbName('jobs'));
    log.warn.mockClear();
  });
  afterAll(async () => {
    await client.close();
    await mongo.stop();
  });

  /** Two copies of one job, as two processes of a service would have, on a shared clock. */
  function twoCopies(overrides: Partial<LeasedJobOptions> = {}) {
    const clock = { at: 1_000_000 };
    const passes: string[] = [];
    const copy = (holder: string) =>
      leasedJob({
        name: 'sweep',
        db,
        intervalMs: 60_000,
        holder,
        now: () => clock.at,
        log,
        run: async () => {
          passes.push(holder);
        },
        ...overrides,
      });
    return { clock, passes, a: copy('a'), b: copy('b') };
  }

  it('runs on one copy while its lease lasts, and on the other once it has run out', async () => {
    const { clock, passes, a, b } = twoCopies();
    expect(await a.runOnce()).toBe(true);
    expect(await b.runOnce()).toBe(false);
    expect(await a.runOnce()).toBe(true);
    clock.at += 60_001;
    expect(await b.runOnce()).toBe(true);
    expect(await a.runOnce()).toBe(false);
    expect(passes).toEqual(['a', 'a', 'b']);
  });

  it('gives the lease back on stop, so the other copy need not wait for it to run out', async () => {
    const { passes, a, b } = twoCopies();
    await a.runOnce();
    await a.stop();
    expect(await b.runOnce()).toBe(true);
    expect(passes).toEqual(['a', 'b']);
  });

  it('takes the lease of many copies starting at once exactly once', async () => {
    const clock = { at: 5_000 };
    let passes = 0;
    const copies = Array.from({ length: 6 }, (_, i) =>
      leasedJob({
        name: 'digest',
        db,
        intervalMs: 60_000,
        holder: `copy-${i}`,
        now: () => clock.at,
        log,
        run: async () => void passes++,
      }),
    );
    const ran = await Promise.all(copies.map((copy) => copy.runOnce()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(passes).toBe(1);
    expect(await db.collection(JOB_LEASES).countDocuments()).toBe(1);
  });

  it('aborts a pass whose lease another copy took over, and renews it while a long pass runs', async () => {
    const clock = { at: 0 };
    let aborted = false;
    let finish!: () => void;
    const a = leasedJob({
      name: 'release-build',
      db,
      intervalMs: 60_000,
      leaseMs: 30,
      holder: 'a',
      now: () => clock.at,
      log,
      run: (signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          finish = resolve;
        }),
    });
    const pass = a.runOnce();
    // Renewed while it runs: the lease's end moves on with the clock.
    await waitFor(async () => (await leaseOf('release-build'))?.holder === 'a');
    clock.at = 1_000;
    await waitFor(async () => (await leaseOf('release-build'))!.until.getTime() >= 1_030);
    expect(aborted).toBe(false);
    // Another holder's live lease (as after a pause longer than the lease): the pass is told to stop.
    await db
      .collection<{ _id: string; holder: string; until: Date }>(JOB_LEASES)
      .updateOne({ _id: 'release-build' }, { $set: { holder: 'b', until: new Date(10_000_000) } });
    await waitFor(async () => aborted);
    finish();
    expect(await pass).toBe(true);
  });

  it('logs a failed pass and runs again at the next interval', async () => {
    let calls = 0;
    const job = leasedJob({
      name: 'flaky',
      db,
      intervalMs: 20,
      log,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
    });
    job.start();
    await waitFor(async () => calls >= 2);
    await job.stop();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', err: expect.any(Error) }),
      expect.any(String),
    );
  });

  it('with maxBackoffMs, waits twice as long after each failure in a row, up to the ceiling', async () => {
    const starts: number[] = [];
    const job = leasedJob({
      name: 'follower',
      db,
      intervalMs: 10,
      maxBackoffMs: 40,
      log,
      run: async () => {
        starts.push(Date.now());
        if (starts.length <= 8) throw new Error('upstream away');
      },
    });
    job.start();
    await waitFor(async () => starts.length >= 9);
    await job.stop();
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    // Doubled after the first failures (every interval, without the option: about 10 ms each)...
    expect(gaps[0]).toBeGreaterThanOrEqual(10);
    expect(gaps[1]).toBeGreaterThanOrEqual(20);
    expect(gaps[2]).toBeGreaterThanOrEqual(40);
    // ...and never past the ceiling: doubling on would take 10 + 20 + ... + 1280 ms for these eight.
    expect(starts[8]! - starts[0]!).toBeLessThan(1000);
    expect(log.warn).toHaveBeenCalledTimes(8);
  });

  const leaseOf = (name: string) =>
    db.collection<{ _id: string; holder: string; until: Date }>(JOB_LEASES).findOne({ _id: name });

  async function waitFor(condition: () => Promise<boolean>) {
    for (let i = 0; i < 500; i++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('condition not met in time');
  }
});
