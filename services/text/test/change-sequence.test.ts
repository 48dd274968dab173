import { MongoClient, type Db } from 'mongodb';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { ChangeSequence, IN_FLIGHT_STALE_MS, type ChangeCounterDoc } from '../src/sentences/change-sequence';

/** Two writers on one counter stand for two text-service processes (each process has its own). */
describe('ChangeSequence across processes', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
    db = client.db(uniqueDbName('change_sequence'));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
  });

  const counter = (name: string, now?: () => number) =>
    new ChangeSequence(db.collection<ChangeCounterDoc>('counters'), name, now);
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('hands out distinct numbers and settles no further than a range still being written elsewhere', async () => {
    const [a, b] = [counter('feed'), counter('feed')];
    const held = gate();
    const started = gate();
    const slow = a.withSequence(2, async (first) => {
      started.open();
      await held.opened;
      return first;
    });
    await started.opened;
    // B takes the next numbers and finishes first, as a process committing late would let it.
    expect(await b.withSequence(1, async (first) => first)).toBe(3);
    expect(await a.settled()).toBe(0);
    expect(await b.settled()).toBe(0);
    held.open();
    expect(await slow).toBe(1);
    expect(await b.settled()).toBe(3);
  });

  it('settles past a range whose write failed, and hands out numbers to many writers at once without a repeat', async () => {
    const [a, b] = [counter('busy'), counter('busy')];
    await expect(
      a.withSequence(1, async () => {
        throw new Error('the insert failed');
      }),
    ).rejects.toThrow('the insert failed');
    const firsts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).withSequence(3, async (first) => first)),
    );
    expect(new Set(firsts).size).toBe(20);
    expect(await a.settled()).toBe(1 + 20 * 3);
  });

  it('stops waiting for a range a dead process left in flight once it is stale', async () => {
    let now = Date.now();
    const dead = counter('crash', () => now);
    const alive = counter('crash', () => now);
    void dead.withSequence(1, () => new Promise(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await alive.withSequence(1, async (first) => first)).toBe(2);
    expect(await alive.settled()).toBe(0);
    now += IN_FLIGHT_STALE_MS + 1;
    expect(await alive.settled()).toBe(2);
  });
});
