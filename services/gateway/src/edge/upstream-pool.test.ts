import { DOWN_FOR_MS, neverReached, UpstreamPool } from './upstream-pool';

describe('UpstreamPool', () => {
  const [a, b, c] = ['http://127.0.0.1:4001', 'http://127.0.0.1:4011', 'http://127.0.0.1:4021'];
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };
  const picks = (pool: UpstreamPool, n: number) => Array.from({ length: n }, () => pool.pick());

  it('takes the copies in turn', () => {
    expect(picks(new UpstreamPool([a, b, c]), 7)).toEqual([a, b, c, a, b, c, a]);
  });

  it('keeps a single URL working, given alone or as a list of one', () => {
    expect(picks(new UpstreamPool(a), 3)).toEqual([a, a, a]);
    expect(picks(new UpstreamPool([a]), 2)).toEqual([a, a]);
    expect(() => new UpstreamPool([])).toThrow(/at least one/);
  });

  it('passes over a copy marked down, and takes it again once its time is up', () => {
    const time = clock();
    const pool = new UpstreamPool([a, b, c], { now: time.now });
    pool.markDown(b);
    expect(picks(pool, 4)).toEqual([a, c, a, c]);
    time.advance(DOWN_FOR_MS - 1);
    expect(picks(pool, 2)).toEqual([a, c]);
    time.advance(1);
    expect(pool.isDown(b)).toBe(false);
    expect(picks(pool, 3)).toEqual([a, b, c]);
  });

  it('takes a copy again at once when it answers', () => {
    const pool = new UpstreamPool([a, b]);
    pool.markDown(a);
    expect(picks(pool, 2)).toEqual([b, b]);
    pool.markUp(a);
    expect(picks(pool, 2)).toEqual([a, b]);
  });

  it('still names a copy when every one is down (one may be back), and none once each was tried', () => {
    const pool = new UpstreamPool([a, b]);
    pool.markDown(a);
    pool.markDown(b);
    const first = pool.pick();
    expect([a, b]).toContain(first);
    const tried = new Set([first!]);
    expect(pool.pick(tried)).toBe(first === a ? b : a);
    expect(pool.pick(new Set([a, b]))).toBeUndefined();
  });

  it('leaves out the copies already tried for this request', () => {
    const pool = new UpstreamPool([a, b, c]);
    expect(pool.pick(new Set([a]))).toBe(b);
    expect(pool.pick(new Set([c]))).toBe(a);
  });
});

describe('neverReached', () => {
  it('is true only for errors that mean no connection was opened', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(neverReached(refused)).toBe(true);
    expect(neverReached(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(neverReached(Object.assign(new Error('t'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe(true);
    // Reset or timed out after sending: the copy may have acted on the request.
    expect(neverReached(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(neverReached(Object.assign(new Error('t'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(false);
    expect(neverReached(undefined)).toBe(false);
  });
});
