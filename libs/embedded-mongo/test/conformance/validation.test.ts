// Document validation: $jsonSchema and query-operator validators on insert, update, upsert, replace,
// findAndModify, $out and $merge; validationLevel (strict, moderate, off), validationAction (error, warn),
// bypassDocumentValidation, collMod, and MongoDB's error 121 with an errInfo naming the failed rules.
import { Double, Int32 } from 'mongodb';
import type { Document } from 'mongodb';
import { errorOf, startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('validation');
});
afterAll(async () => {
  await s?.stop();
});

const PEOPLE_SCHEMA = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'age'],
    properties: {
      name: { bsonType: 'string', minLength: 1 },
      age: { bsonType: 'int', minimum: 0 },
      tags: { bsonType: 'array', items: { bsonType: 'string' } },
    },
  },
};

async function created(options: Document) {
  const name = `v${++seq}`;
  await s.db.createCollection(name, options);
  return s.db.collection<AnyDoc>(name);
}

/** The errInfo of a refused write, from a single write's error or a bulk write's first write error. */
const errInfoOf = (err: Document): Document =>
  (err.errInfo ?? err.writeErrors?.[0]?.errInfo ?? err.errorResponse?.errInfo) as Document;

describe('$jsonSchema validators', () => {
  test('a document that breaks the schema is refused with code 121 and the rules it broke', async () => {
    const coll = await created({ validator: PEOPLE_SCHEMA });
    await coll.insertOne({ _id: 1, name: 'Ada', age: 36 });
    const err = await errorOf(coll.insertOne({ _id: 2, name: 5, age: 3 }));
    expect(err.code).toBe(121);
    expect(err.message).toMatch(/Document failed validation/);
    const info = errInfoOf(err);
    expect(info.failingDocumentId).toBe(2);
    expect(info.details.operatorName).toBe('$jsonSchema');
    expect(info.details.schemaRulesNotSatisfied).toEqual([
      {
        operatorName: 'properties',
        propertiesNotSatisfied: [
          {
            propertyName: 'name',
            details: [
              {
                operatorName: 'bsonType',
                specifiedAs: { bsonType: 'string' },
                reason: 'type did not match',
                consideredValue: 5,
                consideredType: 'int',
              },
            ],
          },
        ],
      },
    ]);
    const missing = errInfoOf(await errorOf(coll.insertOne({ _id: 3, name: 'Bo' })));
    expect(missing.details.schemaRulesNotSatisfied).toEqual([
      { operatorName: 'required', specifiedAs: { required: ['name', 'age'] }, missingProperties: ['age'] },
    ]);
    expect(await coll.find().toArray()).toEqual([{ _id: 1, name: 'Ada', age: 36 }]);
  });

  test('BSON types are checked exactly: a double is not an int, and array items are checked', async () => {
    const coll = await created({ validator: PEOPLE_SCHEMA });
    expect((await errorOf(coll.insertOne({ name: 'A', age: new Double(3) }))).code).toBe(121);
    expect((await errorOf(coll.insertOne({ name: 'A', age: 3.5 }))).code).toBe(121);
    expect((await errorOf(coll.insertOne({ name: 'A', age: -1 }))).code).toBe(121);
    expect((await errorOf(coll.insertOne({ name: 'A', age: 3, tags: ['x', 2] }))).code).toBe(121);
    await coll.insertOne({ name: 'A', age: new Int32(3), tags: ['x'] });
    expect(await coll.countDocuments()).toBe(1);
  });

  test('updates, replacements, upserts and findAndModify are validated; the stored data stays as it was', async () => {
    const coll = await created({ validator: PEOPLE_SCHEMA });
    await coll.insertMany([
      { _id: 1, name: 'Ada', age: 36 },
      { _id: 2, name: 'Bo', age: 20 },
    ]);
    expect((await errorOf(coll.updateOne({ _id: 1 }, { $set: { age: 'old' } }))).code).toBe(121);
    expect((await errorOf(coll.updateMany({}, { $unset: { name: '' } }))).code).toBe(121);
    expect((await errorOf(coll.replaceOne({ _id: 2 }, { name: 'Bo' }))).code).toBe(121);
    expect(
      (await errorOf(coll.updateOne({ _id: 9 }, { $set: { name: 'Zed' } }, { upsert: true }))).code,
    ).toBe(121);
    expect((await errorOf(coll.findOneAndUpdate({ _id: 2 }, { $set: { name: '' } }))).code).toBe(121);
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, name: 'Ada', age: 36 },
      { _id: 2, name: 'Bo', age: 20 },
    ]);
    await coll.updateOne({ _id: 1 }, { $inc: { age: 1 } });
    expect((await coll.findOne({ _id: 1 }))?.age).toBe(37);
  });

  test('an ordered insertMany stops at the refused document; bypassDocumentValidation lets it in', async () => {
    const coll = await created({ validator: PEOPLE_SCHEMA });
    const err = await errorOf(
      coll.insertMany([
        { _id: 1, name: 'A', age: 1 },
        { _id: 2, name: 'B' },
        { _id: 3, name: 'C', age: 3 },
      ]),
    );
    expect(err.writeErrors?.[0]).toMatchObject({ index: 1, code: 121 });
    expect(await coll.countDocuments()).toBe(1);
    await coll.insertOne({ _id: 4, name: 'D' }, { bypassDocumentValidation: true });
    await coll.updateOne({ _id: 1 }, { $set: { age: 'x' } }, { bypassDocumentValidation: true });
    expect(await coll.countDocuments()).toBe(2);
  });

  test('$jsonSchema also works as a query operator, and a bad schema is refused when created', async () => {
    const coll = s.db.collection(`v${++seq}`);
    await coll.insertMany([{ a: 1 }, { a: 'x' }, { a: 2.5 }]);
    expect(await coll.countDocuments({ $jsonSchema: { properties: { a: { bsonType: 'int' } } } })).toBe(1);
    expect(await coll.countDocuments({ $jsonSchema: { properties: { a: { bsonType: 'number' } } } })).toBe(2);
    const unknown = await errorOf(
      s.db.createCollection(`v${++seq}`, { validator: { $jsonSchema: { foo: 1 } } }),
    );
    expect(unknown.code).toBe(9);
    expect(unknown.message).toMatch(/Unknown \$jsonSchema keyword: foo/);
    const unsupported = await errorOf(
      s.db.createCollection(`v${++seq}`, { validator: { $jsonSchema: { $ref: '#/x' } } }),
    );
    expect(unsupported.code).toBe(9);
    expect(unsupported.message).toMatch(/not currently supported/);
  });
});

describe('query-operator validators', () => {
  test('each failed clause is named with the value it considered', async () => {
    const coll = await created({ validator: { status: { $in: ['open', 'closed'] }, qty: { $gte: 0 } } });
    await coll.insertOne({ status: 'open', qty: 1 });
    const err = await errorOf(coll.insertOne({ _id: 'x', status: 'lost', qty: 1 }));
    expect(err.code).toBe(121);
    expect(errInfoOf(err)).toEqual({
      failingDocumentId: 'x',
      details: {
        operatorName: '$and',
        clausesNotSatisfied: [
          {
            index: 0,
            details: {
              operatorName: '$in',
              specifiedAs: { status: { $in: ['open', 'closed'] } },
              reason: 'no matching value found in array',
              consideredValue: 'lost',
            },
          },
        ],
      },
    });
  });

  test('an $expr validator compares fields of the document', async () => {
    const coll = await created({ validator: { $expr: { $lt: ['$min', '$max'] } } });
    await coll.insertOne({ min: 1, max: 2 });
    const err = await errorOf(coll.insertOne({ min: 3, max: 2 }));
    expect(err.code).toBe(121);
    expect(errInfoOf(err).details).toMatchObject({ operatorName: '$expr', expressionResult: false });
  });
});

describe('validationLevel, validationAction and collMod', () => {
  test('moderate checks inserts and valid documents, not updates of documents already invalid', async () => {
    const name = `v${++seq}`;
    const coll = s.db.collection<AnyDoc>(name);
    await coll.insertMany([
      { _id: 1, name: 'Ada', age: 36 },
      { _id: 2, name: 'legacy', age: 'unknown' },
    ]);
    await s.db.command({ collMod: name, validator: PEOPLE_SCHEMA, validationLevel: 'moderate' });
    await coll.updateOne({ _id: 2 }, { $set: { note: 'still invalid, not checked' } });
    expect((await errorOf(coll.updateOne({ _id: 1 }, { $set: { age: 'x' } }))).code).toBe(121);
    expect((await errorOf(coll.insertOne({ _id: 3, name: 'C' }))).code).toBe(121);
    const [info] = (await s.db.listCollections({ name }).toArray()) as Document[];
    expect(info?.options).toMatchObject({ validator: PEOPLE_SCHEMA, validationLevel: 'moderate' });
  });

  test('strict checks every update; off and warn accept what error refuses', async () => {
    const name = `v${++seq}`;
    const coll = s.db.collection<AnyDoc>(name);
    await coll.insertOne({ _id: 1, name: 'legacy', age: 'unknown' });
    await s.db.command({ collMod: name, validator: PEOPLE_SCHEMA });
    expect((await errorOf(coll.updateOne({ _id: 1 }, { $set: { note: 'x' } }))).code).toBe(121);
    await s.db.command({ collMod: name, validationAction: 'warn' });
    await coll.insertOne({ _id: 2, name: 'no age' });
    await s.db.command({ collMod: name, validationAction: 'error', validationLevel: 'off' });
    await coll.insertOne({ _id: 3 });
    expect(await coll.countDocuments()).toBe(3);
  });

  test('bad options and unknown collMod fields are refused; a missing collection is NamespaceNotFound', async () => {
    expect(
      (await errorOf(s.db.createCollection(`v${++seq}`, { validationLevel: 'sometimes' as never }))).code,
    ).toBe(2);
    const coll = await created({});
    expect((await errorOf(s.db.command({ collMod: coll.collectionName, expireAfterSeconds: 5 }))).code).toBe(
      238,
    );
    expect((await errorOf(s.db.command({ collMod: 'never_created', validator: {} }))).code).toBe(26);
  });
});

describe('aggregation output', () => {
  test('$out and $merge validate against the target collection, which keeps its validator', async () => {
    const target = await created({ validator: PEOPLE_SCHEMA });
    await target.insertOne({ _id: 1, name: 'Ada', age: 36 });
    const source = s.db.collection(`v${++seq}`);
    await source.insertMany([
      { _id: 1, name: 'A', age: 1 },
      { _id: 2, name: 'B' },
    ]);
    const out = await errorOf(source.aggregate([{ $out: target.collectionName }]).toArray());
    expect(out.code).toBe(121);
    expect(await target.find().toArray()).toEqual([{ _id: 1, name: 'Ada', age: 36 }]);
    const merge = await errorOf(
      source.aggregate([{ $merge: { into: target.collectionName, whenMatched: 'merge' } }]).toArray(),
    );
    expect(merge.code).toBe(121);
    await source.aggregate([{ $match: { _id: 1 } }, { $out: target.collectionName }]).toArray();
    const [info] = (await s.db.listCollections({ name: target.collectionName }).toArray()) as Document[];
    expect(info?.options.validator).toEqual(PEOPLE_SCHEMA);
  });
});
