import type { AddressInfo } from 'node:net';
import { uploadOverHttp } from '@platform/service-kit/testing';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';
import { uploadDrainBytesFor } from './upload-drain';

const MB = 1024 * 1024;

/**
 * A service answers an upload before its body has all gone up (it refused it: signed out, a role it does not
 * admit). The gateway's client to the service then drops that connection; the person's own connection must
 * stay open, its body read and dropped, so their browser reads the refusal rather than a reset.
 */
describe('an upload a service answers early, through the gateway over real HTTP', () => {
  let gateway: AccountsGateway;
  let port: number;

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: 'upload-drain-secret',
      dbPrefix: 'gwdrain',
      now: Date.now,
      background: new BackgroundWork(),
    });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    port = (gateway.app.server.address() as AddressInfo).port;
  });
  afterAll(() => gateway?.close());

  it("reaches the client as the service's answer, its connection never reset", async () => {
    const outcome = await uploadOverHttp({
      port,
      path: '/api/recordings/refuse',
      parts: [{ name: 'audio', filename: 'take.webm', type: 'audio/webm', data: Buffer.alloc(5 * MB, 3) }],
    });
    expect(outcome).toMatchObject({ status: 401, error: null, sentWhole: true });
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'identity.missing' });
    expect(outcome.headers.connection).not.toBe('close');
  });

  it('refuses a body announced past what its declared route could take, without asking the service', async () => {
    gateway.upstream.received.length = 0;
    const body = `{"text":"${'a'.repeat(2 * MB)}"}`;
    const res = await fetch(`http://127.0.0.1:${port}/api/sentences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request.too_large' });
    expect(gateway.upstream.received).toEqual([]);
  });

  it('drains as much as the declared route could take, and the largest declared upload elsewhere', () => {
    const drainBytes = uploadDrainBytesFor();
    const recording = drainBytes('POST', '/api/recordings');
    expect(recording).toBeGreaterThan(5 * MB);
    expect(recording).toBeLessThan(6 * MB);
    expect(drainBytes('POST', '/api/audio/upload/')).toBeGreaterThan(20 * MB);
    expect(drainBytes('POST', '/api/nothing/here')).toBeGreaterThanOrEqual(100 * MB);
  });
});
