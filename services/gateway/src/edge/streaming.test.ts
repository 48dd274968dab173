import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';

const CHUNK = 1024 * 1024;
const CHUNKS = 20;

/**
 * Sends 20 MB through the gateway to an echoing service in lock-step: each 1 MB chunk is written only after
 * the previous one has come back. A gateway that buffered the upload (or the download) before passing it
 * on would never return the first chunk while the upload is still open, and the test would time out.
 */
/** The gateway as it runs, on a test database, in front of one stand-in for both services. */
const startGateway = (dbPrefix: string) =>
  startAccountsGateway({
    secret: 'streaming-secret',
    dbPrefix,
    now: Date.now,
    background: new BackgroundWork(),
  });

describe('gateway streaming over real HTTP', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let port: number;

  beforeAll(async () => {
    gateway = await startGateway('gwstream');
    app = gateway.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('streams a 20 MB upload and its echo both ways without buffering either', async () => {
    const sent = createHash('sha256');
    const received = createHash('sha256');
    let receivedBytes = 0;
    let waiter: { target: number; resolve: () => void } | null = null;

    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/recordings/echo',
      headers: { 'content-type': 'audio/webm', 'transfer-encoding': 'chunked' },
    });
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
    });
    const echoed = (target: number) =>
      new Promise<void>((resolve) => {
        if (receivedBytes >= target) resolve();
        else waiter = { target, resolve };
      });

    req.write(randomChunk(sent));
    const res = await response;
    expect(res.statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => res.on('end', resolve));
    res.on('data', (chunk: Buffer) => {
      received.update(chunk);
      receivedBytes += chunk.length;
      if (waiter && receivedBytes >= waiter.target) {
        const w = waiter;
        waiter = null;
        w.resolve();
      }
    });
    for (let i = 1; i <= CHUNKS; i++) {
      await echoed(i * CHUNK);
      if (i < CHUNKS) req.write(randomChunk(sent));
    }
    req.end();
    await ended;
    expect(receivedBytes).toBe(CHUNK * CHUNKS);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
  }, 30_000);

  it('does not cut a slow upload short: the answer timeout starts once the body has been sent', async () => {
    const impatient = await gateway.build({ timeouts: { headersMs: 500 } });
    await impatient.listen({ port: 0, host: '127.0.0.1' });
    try {
      const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: (impatient.server.address() as AddressInfo).port,
            method: 'POST',
            path: '/api/recordings/sink',
            headers: { 'content-type': 'audio/webm', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // Four 1 kB pieces 400 ms apart: 1.6 s of uploading against a 0.5 s answer timeout.
        let sentPieces = 0;
        const tick = setInterval(() => {
          req.write(Buffer.alloc(1000));
          if (++sentPieces === 4) {
            clearInterval(tick);
            req.end();
          }
        }, 400);
      });
      expect(result).toEqual({ status: 200, body: '{"bytes":4000}' });
    } finally {
      await impatient.close();
    }
  }, 10_000);
});

describe('gateway upstream timeouts for uploads', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;

  beforeAll(async () => {
    gateway = await startGateway('gwtimeouts');
    // The service answers three seconds after the body: longer than the answer timeout, within the upload
    // one. The answer timeout is a whole second because undici does not count it while the body is still
    // being written, which on a busy machine can take a few hundred milliseconds.
    app = await gateway.build({ timeouts: { headersMs: 1000, uploadMs: 10_000 } });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const post = (contentType: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sentences/late?ms=3000',
      headers: { 'content-type': contentType },
      payload: '--b\r\nContent-Disposition: form-data; name="lang"\r\n\r\nyo\r\n--b--\r\n',
    });

  it('waits the longer upload timeout for a multipart upload', async () => {
    const res = await post('multipart/form-data; boundary=b');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bytes: expect.any(Number) });
  });

  it('waits the upload timeout for a route that stores files sent before (a donation from resumable uploads)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/audio/from-uploads?ms=3000',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the ordinary answer timeout for anything else', async () => {
    const res = await post('text/plain');
    expect(res.statusCode).toBe(504);
  });
});

function randomChunk(hash: ReturnType<typeof createHash>) {
  const chunk = randomBytes(CHUNK);
  hash.update(chunk);
  return chunk;
}
