import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Value } from '@sinclair/typebox/value';
import { ErrorBody } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { startTestUpstream, type TestUpstream } from '../../test/upstream';
import { BackgroundWork } from '../accounts/background';
import { URL_MESSAGES, urlProblem } from './path-guard';

/**
 * Over real HTTP: the request target goes out byte for byte (inject would parse it with URL first, which
 * already turns backslashes into slashes).
 */
function rawGet(base: string, target: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const TRAVERSALS = [
  // Each would otherwise become /openapi.json, /readyz or /internal/... on the speech or text service.
  '/api/recordings/x\\..\\..\\..\\openapi.json',
  '/api/recordings/x%5C..%5C..%5C..%5Copenapi.json',
  '/api/recordings/x%5c%2e%2e%5c%2e%2e%5c%2e%2e%5copenapi.json',
  '/api/recordings/x\\%2E%2e\\..%5C.%2E\\openapi.json',
  '/api/recordings/x/../../../openapi.json',
  '/api/recordings/x/%2e%2e/%2E%2E/%2e%2E/readyz',
  '/api/recordings/x/.%2e/.%2E/..%2Finternal%2Fwhoami',
  '/api/recordings/..%2F..%2Freadyz',
  '/api/recordings/x%2F..%2F..%2Freadyz',
  '/api/text/./../internal/sentences/changes',
  '/api/text/%2e/x',
  '/audio/..\\..\\internal\\whoami',
  '/api/recordings/x/..',
  '/api/recordings/{x}',
];

describe('the path guard', () => {
  let text: TestUpstream;
  let speech: TestUpstream;
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let base: string;

  beforeAll(async () => {
    [text, speech] = await Promise.all([startTestUpstream(), startTestUpstream()]);
    gateway = await startAccountsGateway({
      secret: 'path-guard-secret',
      dbPrefix: 'gwpath',
      now: Date.now,
      background: new BackgroundWork(),
      upstreams: { text: text.url, speech: speech.url },
    });
    app = gateway.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([text?.close(), speech?.close()]);
  });
  beforeEach(() => {
    text.received.length = 0;
    speech.received.length = 0;
  });

  it.each(TRAVERSALS)('refuses %s with 400 before anything reaches a service', async (target) => {
    const res = await rawGet(base, target);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as unknown;
    expect(Value.Check(ErrorBody, body)).toBe(true);
    expect(Object.values(URL_MESSAGES)).toContain((body as ErrorBody).message);
    expect([...text.received, ...speech.received]).toEqual([]);
  });

  it.each([
    ['/api/text-audio-pairs/headers?q=%E0%A4%A', URL_MESSAGES.queryEncoding],
    ['/api/text-audio-pairs/headers?q=100%', URL_MESSAGES.queryEncoding],
    ['/api/text-audio-pairs/headers?q=%zz&lang=yo', URL_MESSAGES.queryEncoding],
    ['/api/text-audio-pairs/headers?q=%FF', URL_MESSAGES.queryEncoding],
    ['/api/recordings/%E0%A4%A', URL_MESSAGES.pathEncoding],
    ['/api/recordings/%FF/x', URL_MESSAGES.pathEncoding],
    ['/dashboard?x=%', URL_MESSAGES.queryEncoding],
  ])('answers a malformed escape in %s with 400, never 500', async (target, message) => {
    const res = await rawGet(base, target);
    expect({ status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({
      status: 400,
      body: { error: 'Bad Request', code: expect.stringMatching(/^request\./), message, statusCode: 400 },
    });
    expect([...text.received, ...speech.received]).toEqual([]);
  });

  it.each([
    '/api/text-audio-pairs/headers?q=..%2F..',
    '/api/text-audio-pairs/headers?q=../x',
    '/api/text-audio-pairs/headers?q=..\\..&lang=yo',
    '/api/text-audio-pairs/headers?q=%2e%2e%2f%5c',
    '/api/text-audio-pairs/headers?q=a%20b&c=%C3%A9',
  ])('passes %s through, its query exactly as sent', async (target) => {
    const res = await rawGet(base, target);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { url: string }).url).toBe(target);
    expect(text.received).toEqual([`GET ${target}`]);
  });

  it('leaves ordinary paths alone, dots inside a segment included', () => {
    for (const url of ['/', '/api/recordings/abc.webm', '/api/text/...', '/a/b..c/.d', '/api/x?y=1']) {
      expect(urlProblem(url)).toBeNull();
    }
  });
});
