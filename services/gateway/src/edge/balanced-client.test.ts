import type { RouteDeclaration } from '@platform/contracts';
import { ServiceUnavailableError, type ServiceClient } from '@platform/service-kit';
import { balancedServiceClient } from './balanced-client';
import { UpstreamPool } from './upstream-pool';

const read = { method: 'GET', path: '/internal/figures' } as unknown as RouteDeclaration;
const write = { method: 'POST', path: '/internal/erase' } as unknown as RouteDeclaration;

/** Copies that answer with their own URL, except those listed as down (no answer at all) or answering 500. */
function copies(down: string[], failing: string[] = []) {
  const calls: string[] = [];
  const clientFor = (url: string): ServiceClient => ({
    call: (async (route: RouteDeclaration) => {
      calls.push(`${route.method} ${url}`);
      if (down.includes(url)) throw new ServiceUnavailableError(null);
      if (failing.includes(url)) throw new ServiceUnavailableError(500);
      return url;
    }) as ServiceClient['call'],
  });
  return { calls, clientFor };
}

describe('balancedServiceClient', () => {
  const [a, b] = ['http://127.0.0.1:4001', 'http://127.0.0.1:4011'];

  it('takes the copies in turn', async () => {
    const { clientFor } = copies([]);
    const client = balancedServiceClient(new UpstreamPool([a, b]), clientFor);
    expect([await client.call(read), await client.call(read), await client.call(write)]).toEqual([a, b, a]);
  });

  it('asks another copy when one gives no answer to a read, then passes over the silent one', async () => {
    const { calls, clientFor } = copies([a]);
    const client = balancedServiceClient(new UpstreamPool([a, b]), clientFor);
    expect(await client.call(read)).toBe(b);
    expect(await client.call(read)).toBe(b);
    expect(calls).toEqual([`GET ${a}`, `GET ${b}`, `GET ${b}`]);
  });

  it('does not repeat a write, nor a read that a copy answered with an error', async () => {
    const { calls, clientFor } = copies([a], [b]);
    const writes = balancedServiceClient(new UpstreamPool([a, b]), clientFor);
    await expect(writes.call(write)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(calls).toEqual([`POST ${a}`]);
    calls.length = 0;
    const reads = balancedServiceClient(new UpstreamPool([b, a]), clientFor);
    await expect(reads.call(read)).rejects.toMatchObject({ answered: 500 });
    expect(calls).toEqual([`GET ${b}`]);
  });
});
