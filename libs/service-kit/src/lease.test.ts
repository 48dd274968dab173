import { MongoClient, type Db, type ObjectId } from 'mongodb';
import { takeLease } from './lease';
import { startTestMongo, uniqueDbName, type TestMongo } from './testing';

/** A queue item a worker claims with a lease kept in a sub-document, as a release build is. */
interface ItemDoc {
  _id?: ObjectId;
  name: string;
  status: 'waiting' | 'done';
  createdAt: Date;
  stage?: string;
  lease?: { owner: string; until: Date };
}

describe('takeLease on the items of a queue', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
  });
  beforeEach(() => {
    db = client.db(uniqueDbName('leases'));
  });
  afterAll(async () => {
    await client.close();
    await mongo.stop();
  });

  const AT = 1_000_000;
  const items = () => db.collection<ItemDoc>('items');
  const claim = (owner: string, at = AT) =>
    takeLease(
      {
        collection: items(),
        filter: { status: 'waiting' },
        holderField: 'lease.owner',
        untilField: 'lease.until',
        sort: { createdAt: 1 },
        set: { stage: 'Starting' },
      },
      owner,
      at,
      60_000,
    );

  it('takes the oldest free item, writes its state with the lease, and gives each item to one holder', async () => {
    await items().insertMany([
      { name: 'newer', status: 'waiting', createdAt: new Date(2000) },
      { name: 'done', status: 'done', createdAt: new Date(0) },
      { name: 'oldest', status: 'waiting', createdAt: new Date(1000) },
    ]);
    const first = await claim('a');
    expect(first).toMatchObject({
      name: 'oldest',
      stage: 'Starting',
      lease: { owner: 'a', until: new Date(AT + 60_000) },
    });
    const second = await claim('b');
    expect(second).toMatchObject({ name: 'newer', lease: { owner: 'b' } });
    expect(await claim('c')).toBeNull();
  });

  it('gives an item whose holder stopped renewing to the next one', async () => {
    await items().insertOne({ name: 'only', status: 'waiting', createdAt: new Date(0) });
    expect(await claim('a')).toMatchObject({ lease: { owner: 'a' } });
    expect(await claim('b', AT + 59_000)).toBeNull();
    expect(await claim('b', AT + 60_001)).toMatchObject({ name: 'only', lease: { owner: 'b' } });
  });
});
