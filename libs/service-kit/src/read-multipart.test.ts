import multipartPlugin from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { defineRoute, StrictObject } from '@platform/contracts';
import { createService } from './create-service';
import { readMultipart } from './read-multipart';
import { serveRoute } from './serve-route';
import type { ServiceApp } from './service-app';
import { multipart } from './testing';

const postClip = defineRoute({
  name: 'postClipForTest',
  method: 'POST',
  path: '/api/clips',
  owner: 'speech',
  access: 'public',
  summary: 'Store a clip',
  tag: 'clips',
  multipart: {
    files: ['audio', 'image'],
    fields: StrictObject({ sentenceId: Type.String() }),
    maxFileBytes: 16,
    maxFieldBytes: 8,
    refusals: { tooLarge: 'recording.too_large', notMultipart: 'recording.not_multipart' },
  },
  reply: {
    201: Type.Object({ fields: Type.Record(Type.String(), Type.String()), files: Type.Array(Type.String()) }),
  },
});

describe('readMultipart: a multipart route read as its declaration says', () => {
  let app: ServiceApp;
  /** What the route's handlers saw and kept, as a store would. */
  let stored: string[] = [];
  let undone = 0;

  beforeAll(async () => {
    app = await createService({
      name: 'multipart-test',
      logger: false,
      routes: async (instance) => {
        await instance.register(multipartPlugin);
        serveRoute(instance, postClip, async (request, reply) => {
          const files: string[] = [];
          const fields = await readMultipart(request, postClip, {
            file: async (name, stream) => {
              const chunks: Buffer[] = [];
              for await (const chunk of stream) chunks.push(chunk as Buffer);
              files.push(`${name}:${Buffer.concat(chunks).toString()}`);
              stored.push(name);
            },
            undo: async () => {
              undone++;
              stored = [];
            },
          });
          return reply.code(201).send({ fields, files });
        });
      },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    stored = [];
    undone = 0;
  });

  const send = (parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(parts);
    return app.inject({ method: 'POST', url: '/api/clips', payload, headers });
  };
  const file = (name: string, text: string) => ({ name, filename: `${name}.bin`, data: Buffer.from(text) });

  it('gives the route its declared fields and files', async () => {
    const res = await send([{ name: 'sentenceId', value: 's1' }, file('audio', 'hello')]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ fields: { sentenceId: 's1' }, files: ['audio:hello'] });
  });

  it.each([
    ['a file past the declared size', [file('audio', 'x'.repeat(17))], 413, 'recording.too_large'],
    ['an undeclared file field', [file('video', 'abc')], 400, 'validation.failed'],
    ['the same file twice', [file('audio', 'a'), file('audio', 'b')], 400, 'validation.failed'],
    ['an undeclared text field', [{ name: 'userId', value: 'someone' }], 400, 'validation.failed'],
    [
      'a field longer than declared',
      [{ name: 'sentenceId', value: 'x'.repeat(9) }],
      400,
      'validation.failed',
    ],
    [
      'more parts than declared',
      [file('audio', 'a'), file('image', 'b'), { name: 'sentenceId', value: '1' }, file('extra', 'c')],
      400,
      'validation.failed',
    ],
  ])('refuses %s with a clear 4xx and keeps nothing', async (_name, parts, status, code) => {
    const res = await send(parts as Parameters<typeof multipart>[0]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, code });
    expect(res.json().message).toEqual(expect.any(String));
    expect(stored).toEqual([]);
  });

  it('undoes what was stored before a later part is refused', async () => {
    const res = await send([file('audio', 'fine'), file('image', 'y'.repeat(40))]);
    expect(res.statusCode).toBe(413);
    expect(undone).toBe(1);
    expect(stored).toEqual([]);
  });

  it('names the expected file fields when another one comes', async () => {
    const res = await send([file('video', 'abc')]);
    expect(res.json().message).toBe("Unexpected file field 'video'; send 'audio', 'image', each once.");
  });

  it("answers a body that is not multipart with the declaration's code", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/clips', payload: { a: 1 } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('recording.not_multipart');
  });

  it('answers a body cut short as malformed, not as a server error', async () => {
    const { payload, headers } = multipart([file('audio', 'abcdef')]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/clips',
      payload: payload.subarray(0, payload.length - 20),
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.malformed');
  });
});
