import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from '@sinclair/typebox';
import { defineRoute, SERVICE_IDENTITIES } from '@platform/contracts';
import { createServiceClient, ServiceUnavailableError } from './service-client';

const thing = defineRoute({
  name: 'getInternalThing',
  method: 'GET',
  path: '/internal/things/:id',
  owner: 'text',
  access: 'service',
  summary: 'A thing',
  tag: 'internal',
  params: Type.Object({ id: Type.String() }),
  reply: { 200: Type.Object({ id: Type.String() }) },
});

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('createServiceClient', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const gone = req.url?.endsWith('/gone');
      res.writeHead(gone ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(gone ? { code: 'not_found' } : { id: req.url?.split('/').pop() }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const client = (url: string) =>
    createServiceClient({
      identity: SERVICE_IDENTITIES.speech,
      target: 'text',
      baseUrl: url,
      secret: 's',
      log: quiet,
    });

  it('answers what the other service answered', async () => {
    await expect(client(baseUrl).call(thing, { params: { id: 'a1' } })).resolves.toEqual({ id: 'a1' });
  });

  it('is unavailable (503) on an error status, and says which status the other service answered', async () => {
    const err = await client(baseUrl)
      .call(thing, { params: { id: 'gone' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ statusCode: 503, code: 'service.unavailable', answered: 404 });
  });

  it('is unavailable with no answer when the other service is down', async () => {
    const err = await client('http://127.0.0.1:9')
      .call(thing, { params: { id: 'a1' } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 503, answered: null });
  });
});
