import { createHash } from 'node:crypto';
import multipartPlugin from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { Db } from 'mongodb';
import {
  defineRoute,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  StrictObject,
  type Identity,
} from '@platform/contracts';
import { databaseOf, createService } from '../create-service';
import { HttpError } from '../http-errors';
import { signIdentity } from '../identity';
import { readMultipart } from '../read-multipart';
import { serveRoute } from '../serve-route';
import type { ServiceApp } from '../service-app';
import { multipart, startTestMongo, uniqueDbName, type MultipartPart, type TestMongo } from '../testing';
import {
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_INDEXES,
  IDEMPOTENCY_PENDING_MS,
  IDEMPOTENCY_RENEW_MS,
} from './store';

const SECRET = 'i'.repeat(64);
const SERVICE = 'idempotency-test';

const postNote = defineRoute({
  name: 'postNoteForTest',
  method: 'POST',
  path: '/api/notes/:list',
  owner: 'text',
  access: 'signedIn',
  summary: 'Write a note',
  tag: 'notes',
  idempotent: true,
  params: StrictObject({ list: Type.String() }),
  body: StrictObject({ text: Type.String(), pinned: Type.Optional(Type.Boolean()) }),
  reply: { 201: Type.Object({ id: Type.String(), text: Type.String() }) },
});
const postOtherNote = defineRoute({
  ...postNote,
  name: 'postOtherNoteForTest',
  path: '/api/other-notes/:list',
});

const postClip = defineRoute({
  name: 'postClipForIdempotencyTest',
  method: 'POST',
  path: '/api/clips',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Store a clip',
  tag: 'clips',
  idempotent: true,
  multipart: { files: ['audio'], fields: StrictObject({ title: Type.String() }), maxFileBytes: 1024 * 1024 },
  reply: { 201: Type.Object({ id: Type.String(), sha256: Type.String() }) },
});

const ada: Identity = { id: 'ada', role: 'contributor' };
const bola: Identity = { id: 'bola', role: 'contributor' };

/** A gate a handler waits at, so a test can hold a first call mid-way. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('idempotent routes: a contribution sent again with its key is stored once', () => {
  let mongo: TestMongo;
  let app: ServiceApp;
  let db: Db;
  let hold: ReturnType<typeof gate> | null = null;
  /** Set when a handler reached the gate. */
  let waiting: ReturnType<typeof gate> = gate();

  beforeAll(async () => {
    mongo = await startTestMongo();
    app = await createService({
      name: SERVICE,
      logger: false,
      mongoUri: mongo.uri,
      dbName: uniqueDbName('idem'),
      identitySecret: SECRET,
      indexes: IDEMPOTENCY_INDEXES,
      routes: async (instance) => {
        await instance.register(multipartPlugin);
        const notes = () => databaseOf(instance).collection('notes');
        for (const route of [postNote, postOtherNote]) {
          serveRoute(instance, route, async (request, reply) => {
            if (request.body.text === 'refuse') throw new HttpError(400, 'validation.failed');
            if (hold) {
              waiting.open();
              await hold.opened;
            }
            const { insertedId } = await notes().insertOne({
              by: request.identity.id,
              text: request.body.text,
            });
            return reply.code(201).send({ id: insertedId.toHexString(), text: request.body.text });
          });
        }
        serveRoute(instance, postClip, async (request, reply) => {
          const hash = createHash('sha256');
          const fields = await readMultipart(request, postClip, {
            async file(_name, stream) {
              for await (const chunk of stream) hash.update(chunk as Buffer);
            },
          });
          if (hold) {
            waiting.open();
            await hold.opened;
          }
          const sha256 = hash.digest('hex');
          const { insertedId } = await databaseOf(instance)
            .collection('clips')
            .insertOne({ by: request.identity.id, title: fields.title, sha256 });
          return reply.code(201).send({ id: insertedId.toHexString(), sha256 });
        });
      },
    });
    for (let i = 0; i < 200 && !app.database!.indexesReady(); i++)
      await new Promise((r) => setTimeout(r, 50));
    db = app.database!.db;
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await mongo?.stop();
  });
  afterEach(() => {
    hold = null;
    waiting = gate();
  });

  const keyed = (key: string | undefined) => (key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key });

  const note = (who: Identity, key: string | undefined, body: object, url = '/api/notes/home') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...signIdentity(who, SECRET, { method: 'POST', url, service: SERVICE }), ...keyed(key) },
      payload: body,
    });

  const clip = (who: Identity, key: string | undefined, parts: MultipartPart[]) => {
    // A new boundary every time, as a browser makes for each try.
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: {
        ...signIdentity(who, SECRET, { method: 'POST', url: '/api/clips', service: SERVICE }),
        ...body.headers,
        ...keyed(key),
      },
      payload: body.payload,
    });
  };
  const clipParts = (title: string, bytes: Buffer): MultipartPart[] => [
    { name: 'title', value: title },
    { name: 'audio', filename: 'clip.webm', type: 'audio/webm', data: bytes },
  ];

  const count = (collection: string, filter: object = {}) => db.collection(collection).countDocuments(filter);

  it('answers a retry with the same key and content with the first answer, storing nothing more', async () => {
    const first = await note(ada, 'retry-key-0001', { text: 'Ẹ káàárọ̀', pinned: true });
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    // The same content with its keys in another order is the same content.
    const again = await note(ada, 'retry-key-0001', { pinned: true, text: 'Ẹ káàárọ̀' });
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('notes', { text: 'Ẹ káàárọ̀' })).toBe(1);
  });

  it('refuses other content under a used key with 422, storing nothing', async () => {
    expect((await note(ada, 'retry-key-0002', { text: 'first' })).statusCode).toBe(201);
    const other = await note(ada, 'retry-key-0002', { text: 'second' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency.key_reused',
      message: 'This retry does not match the contribution first sent with its key.',
    });
    const otherList = await note(ada, 'retry-key-0002', { text: 'first' }, '/api/notes/work');
    expect(otherList.statusCode).toBe(422);
    expect(await count('notes', { text: 'second' })).toBe(0);
    expect(await count('notes', { text: 'first' })).toBe(1);
  });

  it('scopes a key to its person and its route', async () => {
    expect((await note(ada, 'shared-key-0003', { text: 'scoped' })).statusCode).toBe(201);
    const someoneElse = await note(bola, 'shared-key-0003', { text: 'scoped' });
    expect(someoneElse.statusCode).toBe(201);
    expect(someoneElse.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const otherRoute = await note(ada, 'shared-key-0003', { text: 'scoped' }, '/api/other-notes/home');
    expect(otherRoute.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await count('notes', { text: 'scoped' })).toBe(3);
  });

  it('serves calls without the header as before: each one stores, and no key is kept', async () => {
    const keys = await count(IDEMPOTENCY_COLLECTION);
    expect((await note(ada, undefined, { text: 'no key' })).statusCode).toBe(201);
    expect((await note(ada, undefined, { text: 'no key' })).statusCode).toBe(201);
    expect(await count('notes', { text: 'no key' })).toBe(2);
    expect(await count(IDEMPOTENCY_COLLECTION)).toBe(keys);
  });

  it.each([
    ['too short', 'short'],
    ['too long', 'k'.repeat(201)],
    ['not printable ASCII', 'clé-de-réessai'],
  ])('refuses a key that is %s with 400, before anything is stored', async (_why, key) => {
    const res = await note(ada, key, { text: `bad key ${key.length}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('idempotency.key_invalid');
    expect(await count('notes', { text: `bad key ${key.length}` })).toBe(0);
  });

  it('frees the key of a refused first call, so a retry is judged afresh', async () => {
    expect((await note(ada, 'retry-key-0004', { text: 'refuse' })).statusCode).toBe(400);
    const fixed = await note(ada, 'retry-key-0004', { text: 'fixed' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  });

  it('answers a retry sent while the first call is still running 409, and stores once', async () => {
    hold = gate();
    const first = note(ada, 'retry-key-0005', { text: 'racing' });
    await waiting.opened;
    const second = await note(ada, 'retry-key-0005', { text: 'racing' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'idempotency.in_progress',
      message: 'This contribution is still being stored. Try again in a moment.',
    });
    expect(second.headers['retry-after']).toBeDefined();
    hold.open();
    expect((await first).statusCode).toBe(201);
    const third = await note(ada, 'retry-key-0005', { text: 'racing' });
    expect(third.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(await count('notes', { text: 'racing' })).toBe(1);
  });

  it('stores once when two calls with one key arrive together: the other is told to wait or replayed', async () => {
    const both = await Promise.all([
      note(ada, 'retry-key-0006', { text: 'together' }),
      note(ada, 'retry-key-0006', { text: 'together' }),
    ]);
    const statuses = both.map((res) => res.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await count('notes', { text: 'together' })).toBe(1);
  });

  it('takes a first call pending past its bound for dead, and runs the retry', async () => {
    hold = gate();
    const first = note(ada, 'retry-key-0007', { text: 'stalled' });
    await waiting.opened;
    await db
      .collection(IDEMPOTENCY_COLLECTION)
      .updateOne(
        { key: 'retry-key-0007' },
        { $set: { startedAt: new Date(Date.now() - IDEMPOTENCY_PENDING_MS - 1000) } },
      );
    const gateOfFirst = hold;
    hold = null;
    const retry = await note(ada, 'retry-key-0007', { text: 'stalled' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    gateOfFirst.open();
    await first;
    // The retry's answer is the one kept: the stalled call, finishing late, no longer holds the key.
    const later = await note(ada, 'retry-key-0007', { text: 'stalled' });
    expect(later.json()).toEqual(retry.json());
  });

  it('keeps a first call that still renews its record, however long ago it started', async () => {
    hold = gate();
    const first = note(ada, 'retry-key-0008', { text: 'slow' });
    await waiting.opened;
    // Started long ago (a slow upload), last renewed a moment ago: it is alive.
    await db.collection(IDEMPOTENCY_COLLECTION).updateOne(
      { key: 'retry-key-0008' },
      {
        $set: {
          startedAt: new Date(Date.now() - 10 * IDEMPOTENCY_PENDING_MS),
          aliveAt: new Date(Date.now() - IDEMPOTENCY_RENEW_MS),
        },
      },
    );
    const retry = await note(ada, 'retry-key-0008', { text: 'slow' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('idempotency.in_progress');
    // Renewals stopped past the bound (its process died): the retry takes over.
    await db
      .collection(IDEMPOTENCY_COLLECTION)
      .updateOne(
        { key: 'retry-key-0008' },
        { $set: { aliveAt: new Date(Date.now() - IDEMPOTENCY_PENDING_MS - 1000) } },
      );
    const gateOfFirst = hold;
    hold = null;
    expect((await note(ada, 'retry-key-0008', { text: 'slow' })).statusCode).toBe(201);
    gateOfFirst.open();
    await first;
  });

  it('replays a multipart retry sent with another boundary but the same fields and bytes', async () => {
    const bytes = Buffer.from('RIFF a take of speech, byte for byte');
    const first = await clip(ada, 'clip-key-0001', clipParts('take one', bytes));
    expect(first.statusCode).toBe(201);
    const again = await clip(ada, 'clip-key-0001', clipParts('take one', bytes));
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('clips', { title: 'take one' })).toBe(1);
  });

  it('refuses a multipart retry whose file bytes or fields differ with 422, storing nothing', async () => {
    const bytes = Buffer.from('the first take');
    expect((await clip(ada, 'clip-key-0002', clipParts('take two', bytes))).statusCode).toBe(201);
    const otherBytes = await clip(ada, 'clip-key-0002', clipParts('take two', Buffer.from('another take')));
    expect(otherBytes.statusCode).toBe(422);
    expect(otherBytes.json().code).toBe('idempotency.key_reused');
    const otherTitle = await clip(ada, 'clip-key-0002', clipParts('take 2', bytes));
    expect(otherTitle.statusCode).toBe(422);
    expect(await count('clips', { title: { $in: ['take two', 'take 2'] } })).toBe(1);
  });

  it('answers a multipart retry 409 while its first call is still being stored', async () => {
    hold = gate();
    const bytes = Buffer.from('a slow take');
    const first = clip(ada, 'clip-key-0003', clipParts('slow', bytes));
    await waiting.opened;
    const second = await clip(ada, 'clip-key-0003', clipParts('slow', bytes));
    expect(second.statusCode).toBe(409);
    hold.open();
    expect((await first).statusCode).toBe(201);
    expect(await count('clips', { title: 'slow' })).toBe(1);
  });

  it('keeps the keys a week, through a TTL index', async () => {
    const indexes = await db.collection(IDEMPOTENCY_COLLECTION).indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 7 * 24 * 60 * 60 }),
    );
  });

  it('declares the optional header and its refusals in OpenAPI', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    const operation = doc.paths['/api/notes/{list}'].post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: IDEMPOTENCY_KEY_HEADER, required: false }),
    );
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '409', '422']));
  });
});
