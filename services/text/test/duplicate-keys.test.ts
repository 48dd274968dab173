import { MongoClient } from 'mongodb';
import type { ServiceApp } from '@platform/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { buildApp } from '../src/app';
import { SENTENCES } from '../src/sentences/store';
import { TEXT_PAIRS } from '../src/text-pairs/store';

/** A database from before duplicate keys: sentences without `key`, two of them the same but for case. */
describe('text service: sentences stored before duplicate keys', () => {
  let mongo: TestMongo;
  let app: ServiceApp | undefined;
  let client: MongoClient;
  let oldIds: unknown[] = [];
  const dbName = uniqueDbName('textkeys');
  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await new MongoClient(mongo.uri).connect();
    const row = { language: 'yo', citation: 'c', license: 'CC0-1.0', source: 'seed', status: 'validated' };
    const counters = client.db(dbName).collection<{ _id: string; value: number }>('counters');
    await counters.insertOne({ _id: 'sentences', value: 3 });
    const inserted = await client
      .db(dbName)
      .collection(SENTENCES)
      .insertMany([
        { ...row, text: 'Ọmọ náà ń ṣeré.', seq: 1, createdAt: new Date() },
        { ...row, text: 'ọmọ náà ń ṣeré!', seq: 2, createdAt: new Date() },
        { ...row, text: 'Bàbá ń jẹun.', seq: 3, createdAt: new Date() },
      ]);
    oldIds = Object.values(inserted.insertedIds);
    // The index older versions had, which the duplicate key supersedes.
    await client
      .db(dbName)
      .collection(SENTENCES)
      .createIndex({ language: 1, text: 1 }, { name: 'language_text_unique', unique: true });
    // A person's figures' index of older versions, on both kinds, superseded by the queue's companion.
    for (const collection of [SENTENCES, TEXT_PAIRS])
      await client
        .db(dbName)
        .collection(collection)
        .createIndex({ authorId: 1, status: 1 }, { name: 'author_status' });
  }, 60_000);
  afterAll(async () => {
    await client
      ?.db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client?.close();
    await app?.close();
    await mongo?.stop();
  });

  it('get their keys at start, after which the unique (language, key) index is built and the old (language, text) one dropped', async () => {
    app = await buildApp({ mongoUri: mongo.uri, dbName, identitySecret: 's', logger: false });
    await app.seeded;
    const docs = await client
      .db(dbName)
      .collection(SENTENCES)
      .find({ _id: { $in: oldIds as never[] } })
      .toArray();
    expect(docs.every((d) => typeof d.key === 'string' && d.key.length > 0)).toBe(true);
    // The two that are the same keep apart (by id), so the index can be built over them.
    expect(new Set(docs.map((d) => d.key)).size).toBe(3);
    // The index creation that failed over the missing keys is retried until it succeeds.
    const deadline = Date.now() + 20_000;
    while (!app.database!.indexesReady() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const names = (await client.db(dbName).collection(SENTENCES).indexes()).map((i) => i.name);
    expect(names).toContain('language_key_unique');
    expect(names).not.toContain('language_text_unique');
    expect(names).not.toContain('author_status');
    const pairIndexes = (await client.db(dbName).collection(TEXT_PAIRS).indexes()).map((i) => i.name);
    expect(pairIndexes).not.toContain('author_status');
    expect(pairIndexes).toContain('author_review_queue');
  }, 30_000);

  it('key them once: a later start leaves a sentence without a key alone rather than reading every sentence again', async () => {
    await app?.close();
    const unkeyed = await client
      .db(dbName)
      .collection(SENTENCES)
      .insertOne({ language: 'yo', text: 'Ìyá ń sùn.', citation: 'c', status: 'validated', seq: 9_000_000 });
    app = await buildApp({ mongoUri: mongo.uri, dbName, identitySecret: 's', logger: false });
    await app.seeded;
    const doc = await client.db(dbName).collection(SENTENCES).findOne({ _id: unkeyed.insertedId });
    expect(doc?.key).toBeUndefined();
  }, 30_000);
});
