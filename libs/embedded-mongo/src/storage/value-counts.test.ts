import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'bson';
import { Engine, indexFieldsOf, toMatchable } from './engine';
import { encodeKey } from './key-encoding';
import type { CollectionMeta, IndexSpec } from './catalog-types';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'embedded-mongo-counts-'));
  dirs.push(d);
  return d;
};

const WHOLE = { start: Buffer.alloc(0), end: undefined };

function countsOf(engine: Engine, ix: IndexSpec): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { seg, count } of engine.leadingCounts(ix, WHOLE)) out[seg.toString('hex')] = count;
  return out;
}

const keyOf = (v: unknown) => encodeKey([v]).toString('hex');

async function seeded(dbPath: string): Promise<{ engine: Engine; meta: CollectionMeta; ix: IndexSpec }> {
  const engine = new Engine(dbPath);
  const meta = await engine.write(() => engine.ensureCollection('d', 'c').meta);
  await engine.write(() => {
    for (let i = 0; i < 30; i++) {
      const raw = Buffer.from(serialize({ _id: i, lang: ['yo', 'ha', 'ig'][i % 3], n: i }));
      engine.insert(meta, raw, toMatchable(raw));
    }
  });
  const ix = await engine.write(() =>
    engine.createIndex(meta, {
      name: 'lang_1_n_1',
      key: { lang: 1, n: 1 },
      fields: indexFieldsOf({ lang: 1, n: 1 }),
      unique: false,
      sparse: false,
    }),
  );
  return { engine, meta, ix };
}

describe('leading-value counters', () => {
  test('a new index counts its leading values; writes keep the counts', async () => {
    const { engine, meta, ix } = await seeded(tempDir());
    expect(ix.counted).toBe(true);
    expect(countsOf(engine, ix)).toEqual({ [keyOf('yo')]: 10, [keyOf('ha')]: 10, [keyOf('ig')]: 10 });
    await engine.write(() => {
      const raw = engine.getById(meta, 0)!;
      const next = Buffer.from(serialize({ _id: 0, lang: 'ha', n: 0 }));
      engine.replace(meta, { raw, doc: toMatchable(raw) }, next, toMatchable(next));
      const gone = engine.getById(meta, 1)!;
      engine.remove(meta, { raw: gone, doc: toMatchable(gone) });
    });
    expect(countsOf(engine, ix)).toEqual({ [keyOf('yo')]: 9, [keyOf('ha')]: 10, [keyOf('ig')]: 10 });
    await engine.close();
  });

  test('an index made before counters existed gets them when the data folder is opened', async () => {
    const dbPath = tempDir();
    const first = await seeded(dbPath);
    // as a data folder from before: no counters and no decision about them
    await first.engine.write(() => {
      (first.engine as unknown as { counts: { clear(ix: IndexSpec): void } }).counts.clear(first.ix);
      delete first.ix.counted;
      (first.engine as unknown as { saveMeta(meta: CollectionMeta): void }).saveMeta(first.meta);
    });
    await first.engine.close();
    const reopened = new Engine(dbPath);
    const ix = reopened.getCollection('d', 'c')!.indexes[0]!;
    expect(ix.counted).toBe(true);
    expect(countsOf(reopened, ix)).toEqual({ [keyOf('yo')]: 10, [keyOf('ha')]: 10, [keyOf('ig')]: 10 });
    await reopened.close();
  });
});
