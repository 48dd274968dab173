// Handshake and administrative commands: reply shapes the driver and the platform rely on.
import { Binary, UUID } from 'mongodb';
import { errorOf, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('basic');
});
afterAll(async () => {
  await s?.stop();
});

describe('handshake and server information', () => {
  test('ping answers ok: 1', async () => {
    await expect(s.db.command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
    await expect(s.client.db('admin').command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
  });

  test('hello advertises a writable primary with sizes, sessions and a wire range both drivers accept', async () => {
    const hello = await s.client.db('admin').command({ hello: 1 });
    expect(hello).toMatchObject({ isWritablePrimary: true, ok: 1 });
    expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
    expect(hello.maxMessageSizeBytes).toBeGreaterThanOrEqual(hello.maxBsonObjectSize);
    expect(hello.maxWriteBatchSize).toBeGreaterThanOrEqual(1000);
    expect(hello.localTime).toBeInstanceOf(Date);
    expect(typeof hello.logicalSessionTimeoutMinutes).toBe('number');
    // driver v7 needs maxWireVersion >= 8; Debian's pymongo 3.11 refuses a server whose minWireVersion > 9
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(8);
    expect(hello.minWireVersion).toBeLessThanOrEqual(9);
    // the legacy name answers too
    const isMaster = await s.client.db('admin').command({ ismaster: 1 });
    expect(isMaster).toMatchObject({ ismaster: true, ok: 1 });
    expect(isMaster.compression).toBeUndefined();
  });

  test('buildInfo reports a version string and version array', async () => {
    const info = await s.client.db('admin').command({ buildInfo: 1 });
    expect(info.ok).toBe(1);
    expect(typeof info.version).toBe('string');
    expect(Array.isArray(info.versionArray)).toBe(true);
    expect(info.version.startsWith(`${info.versionArray[0]}.${info.versionArray[1]}`)).toBe(true);
    expect(info.maxBsonObjectSize).toBe(16 * 1024 * 1024);
  });

  test('endSessions and killAllSessions are accepted', async () => {
    const session = s.client.startSession();
    await s.db.collection('sessions').insertOne({ a: 1 }, { session });
    const lsid = session.id;
    expect(lsid?.id).toBeInstanceOf(Binary);
    await expect(s.client.db('admin').command({ endSessions: [lsid] })).resolves.toMatchObject({ ok: 1 });
    await session.endSession();
    await expect(
      s.client.db('admin').command({ endSessions: [{ id: new UUID().toBinary() }] }),
    ).resolves.toMatchObject({ ok: 1 });
    await expect(s.client.db('admin').command({ killAllSessions: [] })).resolves.toMatchObject({ ok: 1 });
    // the client still works afterwards
    await expect(s.db.collection('sessions').countDocuments()).resolves.toBe(1);
  });
});

describe('databases and collections', () => {
  test('create makes an empty collection that listCollections shows; creating it again is a no-op (MongoDB 7+)', async () => {
    const created = await s.db.createCollection('made');
    expect(created.collectionName).toBe('made');
    const list = await s.db.listCollections({ name: 'made' }).toArray();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'made', type: 'collection' });
    expect(await s.db.collection('made').countDocuments()).toBe(0);
    // Since MongoDB 7.0 creating an existing collection with identical options succeeds and changes nothing,
    // so services can declare their collections at every start.
    await s.db.collection('made').insertOne({ kept: true });
    await expect(s.db.command({ create: 'made' })).resolves.toMatchObject({ ok: 1 });
    expect(await s.db.collection('made').countDocuments({ kept: true })).toBe(1);
  });

  test('create on an existing collection with different options fails (MongoDB: NamespaceExists, 48)', async () => {
    await s.db.createCollection('made_plain');
    const err = await errorOf(s.db.command({ create: 'made_plain', capped: true, size: 4096 }));
    // the embedded server does not implement capped collections and may refuse the option itself (238)
    expect(err.code === 48 || (!s.isRealMongo && err.code === 238)).toBe(true);
    expect(await s.db.listCollections({ name: 'made_plain' }).toArray()).toHaveLength(1);
  });

  test('listCollections lists collections created implicitly by an insert, with nameOnly too', async () => {
    await s.db.collection('implicit_a').insertOne({ x: 1 });
    await s.db.collection('implicit_b').insertOne({ x: 1 });
    const names = (await s.db.listCollections().toArray()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['implicit_a', 'implicit_b']));
    const nameOnly = await s.db.listCollections({}, { nameOnly: true }).toArray();
    expect(nameOnly.map((c) => c.name)).toEqual(expect.arrayContaining(['implicit_a', 'implicit_b']));
    const filtered = await s.db.listCollections({ name: { $regex: '^implicit_' } }).toArray();
    expect(filtered.map((c) => c.name).sort()).toEqual(['implicit_a', 'implicit_b']);
  });

  test('drop removes a collection and its documents', async () => {
    const coll = s.db.collection('to_drop');
    await coll.insertMany([{ a: 1 }, { a: 2 }]);
    await coll.createIndex({ a: 1 });
    await expect(coll.drop()).resolves.toBe(true);
    expect(await s.db.listCollections({ name: 'to_drop' }).toArray()).toHaveLength(0);
    expect(await coll.countDocuments()).toBe(0);
    // a recreated collection does not inherit the old indexes
    await coll.insertOne({ a: 3 });
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('listDatabases lists a database with data, with sizes; nameOnly works', async () => {
    const other = s.extraDb('listed');
    await other.collection('c').insertOne({ a: 1 });
    const reply = await s.client.db('admin').command({ listDatabases: 1 });
    expect(reply.ok).toBe(1);
    expect(typeof reply.totalSize).toBe('number');
    const entry = reply.databases.find((d: { name: string }) => d.name === other.databaseName);
    expect(entry).toBeDefined();
    expect(typeof entry.sizeOnDisk).toBe('number');
    expect(entry.empty).toBe(false);
    const names = await s.client.db('admin').command({ listDatabases: 1, nameOnly: true });
    expect(names.databases.map((d: { name: string }) => d.name)).toContain(other.databaseName);
    const viaDriver = await s.client.db().admin().listDatabases();
    expect(viaDriver.databases.map((d) => d.name)).toContain(other.databaseName);
  });

  test('dropDatabase removes the database and all its collections', async () => {
    const doomed = s.extraDb('doomed');
    await doomed.collection('a').insertOne({ a: 1 });
    await doomed.collection('b').insertOne({ b: 1 });
    await expect(doomed.dropDatabase()).resolves.toBe(true);
    const reply = await s.client.db('admin').command({ listDatabases: 1, nameOnly: true });
    expect(reply.databases.map((d: { name: string }) => d.name)).not.toContain(doomed.databaseName);
    expect(await doomed.listCollections().toArray()).toHaveLength(0);
    expect(await doomed.collection('a').countDocuments()).toBe(0);
  });

  test('collStats reports the count, sizes and indexes of a collection', async () => {
    const coll = s.db.collection('stats');
    await coll.insertMany(Array.from({ length: 50 }, (_, i) => ({ i, pad: 'x'.repeat(100) })));
    await coll.createIndex({ i: 1 });
    const stats = await s.db.command({ collStats: 'stats' });
    expect(stats.ok).toBe(1);
    expect(stats.ns).toBe(`${s.dbName}.stats`);
    expect(stats.count).toBe(50);
    expect(stats.size).toBeGreaterThanOrEqual(50 * 100);
    expect(stats.avgObjSize).toBeGreaterThanOrEqual(100);
    expect(stats.nindexes).toBe(2);
    expect(typeof stats.storageSize).toBe('number');
    expect(typeof stats.totalIndexSize).toBe('number');
    expect(Object.keys(stats.indexSizes).sort()).toEqual(['_id_', 'i_1']);
  });

  test('dbStats reports collections, objects and sizes of the database', async () => {
    const db = s.extraDb('dbstats');
    await db.collection('one').insertMany([{ a: 'x'.repeat(50) }, { a: 'y'.repeat(50) }]);
    await db.collection('two').insertOne({ b: 1 });
    const stats = await db.command({ dbStats: 1 });
    expect(stats.ok).toBe(1);
    expect(stats.db).toBe(db.databaseName);
    expect(stats.collections).toBe(2);
    expect(stats.objects).toBe(3);
    expect(stats.dataSize).toBeGreaterThan(100);
    expect(typeof stats.storageSize).toBe('number');
    expect(stats.indexes).toBe(2);
    expect(typeof stats.indexSize).toBe('number');
  });
});
