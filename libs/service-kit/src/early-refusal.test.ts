import type { AddressInfo } from 'node:net';
import multipartPlugin from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { defineRoute, StrictObject, type Identity } from '@platform/contracts';
import { createService } from './create-service';
import { signIdentity } from './identity';
import { readMultipart } from './read-multipart';
import { serveRoute } from './serve-route';
import type { ServiceApp } from './service-app';
import { uploadOverHttp, type MultipartPart } from './testing';

const SECRET = 'e'.repeat(64);
const MB = 1024 * 1024;

const clip = (name: string, access: 'signedIn' | readonly ['reviewer']) =>
  defineRoute({
    name,
    method: 'POST',
    path: `/api/${name}`,
    owner: 'speech',
    access,
    summary: 'Store a clip',
    tag: 'clips',
    multipart: {
      files: ['audio'],
      fields: StrictObject({ sentenceId: Type.String() }),
      maxFileBytes: 6 * MB,
    },
    reply: { 201: Type.Object({ bytes: Type.Number() }) },
  });
const anyoneSignedIn = clip('earlyClips', 'signedIn');
const reviewersOnly = clip('earlyReviewedClips', ['reviewer']);

/** A 5 MB take, as Speak sends it. */
const take: MultipartPart[] = [
  { name: 'sentenceId', value: 's1' },
  { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: Buffer.alloc(5 * MB, 7) },
];

/**
 * An upload refused before its body is read (signed out, a role the route does not admit) reaches a client
 * still sending it as a readable answer, over real HTTP: the body is drained rather than left to stall the
 * connection, which a client reads as a reset, or as no answer at all.
 */
describe('an upload refused before its body', () => {
  let app: ServiceApp;
  let port: number;

  beforeAll(async () => {
    app = await createService({
      name: 'early-refusal-test',
      logger: false,
      identitySecret: SECRET,
      routes: async (instance) => {
        await instance.register(multipartPlugin);
        for (const route of [anyoneSignedIn, reviewersOnly]) {
          serveRoute(instance, route, async (request, reply) => {
            let bytes = 0;
            await readMultipart(request, route, {
              async file(_name, stream) {
                for await (const chunk of stream) bytes += (chunk as Buffer).length;
              },
            });
            return reply.code(201).send({ bytes });
          });
        }
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  const signed = (who: Identity, path: string) =>
    signIdentity(who, SECRET, { method: 'POST', url: path, service: 'early-refusal-test' });

  it('answers a signed-out upload 401, read whole by the client, the connection never reset', async () => {
    const outcome = await uploadOverHttp({ port, path: '/api/earlyClips', parts: take });
    expect(outcome).toMatchObject({ status: 401, error: null, sentWhole: true });
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'identity.missing', statusCode: 401 });
  });

  it('answers an upload from a role the route does not admit 403, the same way', async () => {
    const path = '/api/earlyReviewedClips';
    const outcome = await uploadOverHttp({
      port,
      path,
      parts: take,
      headers: signed({ id: 'u1', role: 'contributor' }, path),
    });
    expect(outcome).toMatchObject({ status: 403, error: null, sentWhole: true });
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'access.role_forbidden', statusCode: 403 });
  });

  it('still takes the same upload from someone it admits', async () => {
    const path = '/api/earlyReviewedClips';
    const outcome = await uploadOverHttp({
      port,
      path,
      parts: take,
      headers: signed({ id: 'u2', role: 'reviewer' }, path),
    });
    expect(outcome).toMatchObject({ status: 201, error: null, sentWhole: true });
    expect(JSON.parse(outcome.body)).toEqual({ bytes: 5 * MB });
  });

  it('cuts the connection of a refused body past the most the route could take', async () => {
    const outcome = await uploadOverHttp({
      port,
      path: '/api/earlyClips',
      parts: [{ name: 'audio', filename: 'huge.webm', data: Buffer.alloc(12 * MB, 1) }],
    });
    expect(outcome.sentWhole).toBe(false);
  });
});
