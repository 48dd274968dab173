import { performance } from 'node:perf_hooks';
import { createPasswordHasher } from './passwords';

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
