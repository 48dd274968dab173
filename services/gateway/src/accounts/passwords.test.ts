import { performance } from 'node:perf_hooks';
import { boundedRunner, createPasswordHasher, HashingBusyError } from './passwords';

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default, in a self-describing string, and checks it', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('Secret123');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await hasher.verify('Secret123', stored)).toBe(true);
    expect(await hasher.verify('Secret124', stored)).toBe(false);
  }, 20_000);

  it('salts every hash, and still checks a hash made with other parameters', async () => {
    const cheap = createPasswordHasher({ logN: 10 });
    const [a, b] = await Promise.all([cheap.hash('Secret123'), cheap.hash('Secret123')]);
    expect(a).not.toBe(b);
    // A hash written with a lower cost remains valid after the cost is raised.
    expect(await createPasswordHasher({ logN: 12 }).verify('Secret123', a)).toBe(true);
  });

  it('refuses stored values it did not write, and absurd costs, without throwing', async () => {
    const hasher = createPasswordHasher({ logN: 10 });
    for (const stored of [
      '',
      'plain',
      'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86),
      'bcrypt$x',
    ]) {
      expect(await hasher.verify('Secret123', stored)).toBe(false);
    }
  });

  it('spends about as long on "no such account" as on a wrong password', async () => {
    const hasher = createPasswordHasher({ logN: 14 });
    const stored = await hasher.hash('Secret123');
    await hasher.verifyAgainstNothing('warm-up');
    const median = async (f: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await f();
        times.push(performance.now() - t);
      }
      return times.sort((x, y) => x - y)[2]!;
    };
    const wrong = await median(() => hasher.verify('Wrong1234', stored));
    const nobody = await median(() => hasher.verifyAgainstNothing('Wrong1234'));
    expect(nobody).toBeGreaterThan(wrong * 0.4);
    expect(nobody).toBeLessThan(wrong * 2.5);
  }, 30_000);
});

describe('the hashing queue', () => {
  it('runs at most `concurrency` at once, queues `queue` more in order, and refuses the rest', async () => {
    const run = boundedRunner({ concurrency: 1, queue: 1 });
    const started: string[] = [];
    const release: Array<() => void> = [];
    const task = (name: string) => () => {
      started.push(name);
      return new Promise<string>((resolve) => release.push(() => resolve(name)));
    };
    const first = run(task('first'));
    const second = run(task('second'));
    await expect(run(task('third'))).rejects.toBeInstanceOf(HashingBusyError);
    expect(started).toEqual(['first']);
    release.shift()!();
    expect(await first).toBe('first');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['first', 'second']);
    // The queue has room again while the second runs.
    const fourth = run(task('fourth'));
    release.shift()!();
    expect(await second).toBe('second');
    await new Promise((r) => setImmediate(r));
    release.shift()!();
    expect(await fourth).toBe('fourth');
    expect(started).toEqual(['first', 'second', 'fourth']);
  });

  it('frees the slot when a task fails', async () => {
    const run = boundedRunner({ concurrency: 1, queue: 0 });
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run(async () => 'next')).toBe('next');
  });

  it('refuses a third simultaneous check with concurrency 1 and queue 1, unknown addresses included', async () => {
    const hasher = createPasswordHasher({ logN: 12, limits: { concurrency: 1, queue: 1 } });
    const stored = await hasher.hash('Secret123');
    await hasher.prepare();
    const results = await Promise.allSettled([
      hasher.verify('Secret123', stored),
      hasher.verifyAgainstNothing('Secret123'),
      hasher.verify('Secret123', stored),
    ]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(HashingBusyError);
    // Once the queue drains, checks work as before.
    expect(await hasher.verify('Secret123', stored)).toBe(true);
  });
});
