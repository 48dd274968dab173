// What the databases hold, reduced to each collection's count and a hash of its documents, so a refused
// request can be shown to have left stored data as it was.
import { createHash } from 'node:crypto';
import { BSON, type Db } from 'mongodb';

/**
 * Collections a refused request may change by design, each with why: bookkeeping about requests, not data
 * anybody stored.
 */
export const BOOKKEEPING: Readonly<Record<string, string>> = {
  rate_limits: 'counts requests, refused ones included, to slow a flood',
  sessions: 'a session is touched (its expiry slides) by any request that carries it',
  counters:
    'hands out change-sequence numbers: a write refused at a unique index after taking one leaves a gap, ' +
    'which readers of the change feed step over',
};

export type Snapshot = Map<string, string>;

/** Each collection of `dbs` but the bookkeeping ones, as `db.collection` → `count hash`. */
export async function snapshot(dbs: Readonly<Record<string, Db>>): Promise<Snapshot> {
  const found: Snapshot = new Map();
  await Promise.all(
    Object.entries(dbs).map(async ([dbName, db]) => {
      const collections = await db.listCollections({}, { nameOnly: true }).toArray();
      await Promise.all(
        collections
          .filter(({ name }) => !(name in BOOKKEEPING))
          .map(async ({ name }) => {
            // A file's bytes are counted, not read: its chunks change only with its files document.
            if (name.endsWith('.chunks')) {
              found.set(`${dbName}.${name}`, `${await db.collection(name).countDocuments()} -`);
              return;
            }
            const docs = await db.collection(name).find().sort({ _id: 1 }).toArray();
            const hash = createHash('sha256');
            for (const doc of docs) hash.update(BSON.serialize(doc));
            found.set(`${dbName}.${name}`, `${docs.length} ${hash.digest('hex').slice(0, 16)}`);
          }),
      );
    }),
  );
  return found;
}

/** The collections whose count or documents differ, with their counts before and after. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => before.get(key) !== after.get(key))
    .map(
      (key) =>
        `${key}: ${before.get(key)?.split(' ')[0] ?? 'none'} → ${after.get(key)?.split(' ')[0] ?? 'none'} documents`,
    );
}
