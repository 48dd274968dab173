// Collections, databases and indexes: create, drop, dropDatabase, renameCollection, createIndexes,
// listIndexes, dropIndexes, listCollections, listDatabases, collStats, dbStats.
import { serialize, type Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import type { CommandHandler } from './context';
import { collectionName, durableWrite, num } from './util';
import { indexFieldsOf } from '../storage/engine';
import type { CollectionMeta, IndexSpec } from '../storage/catalog-types';
import { firstBatchReply } from './batches';
import { compileQuery } from '../storage/mingo-context';
import { isPlainObject } from '../query/paths';
import { compareValues } from '../storage/key-encoding';
import { parseCollation } from '../query/collation';
import { checkExistingCollatedUnique } from './collated-unique';
import { checkValidationOptions } from './validation';

/** Fields every command may carry that are not options of the collection. */
const GENERIC_FIELDS = [
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'comment',
];

const UNSUPPORTED_CREATE_OPTIONS = [
  'capped',
  'viewOn',
  'pipeline',
  'timeseries',
  'clusteredIndex',
  'changeStreamPreAndPostImages',
  'encryptedFields',
];

/** How MongoDB reports an index's collation: every field, defaults filled in. */
const COLLATION_DEFAULTS = {
  caseLevel: false,
  caseFirst: 'off',
  strength: 3,
  numericOrdering: false,
  alternate: 'non-ignorable',
  maxVariable: 'punct',
  normalization: false,
  backwards: false,
};

export const create: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'create');
  // validated here; queries and new indexes without a collation of their own then use it
  parseCollation(ctx.body.collation);
  checkValidationOptions(ctx.body);
  for (const opt of UNSUPPORTED_CREATE_OPTIONS) {
    if (ctx.body[opt] !== undefined && ctx.body[opt] !== false)
      fail(ErrorCodes.NotImplemented, `the '${opt}' option of create is not supported by this server`);
  }
  const engine = ctx.state.engine;
  const options: Document = {};
  for (const [k, v] of Object.entries(ctx.typed)) {
    if (k === 'create' || GENERIC_FIELDS.includes(k)) continue;
    options[k] = v;
  }
  await durableWrite(ctx, () => {
    const existing = engine.getCollection(ctx.db, name);
    // MongoDB 7: creating an existing collection with the same options succeeds without change
    if (existing) {
      if (JSON.stringify(existing.options) !== JSON.stringify(options))
        fail(
          ErrorCodes.NamespaceExists,
          `namespace ${ctx.db}.${name} already exists, but with different options`,
        );
      return;
    }
    engine.ensureCollection(ctx.db, name, options);
  });
  return { ok: 1 };
};

/** collMod: a collection's validator, validationLevel and validationAction; other changes are refused. */
export const collMod: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'collMod');
  const changes: Document = {};
  for (const [k, v] of Object.entries(ctx.typed)) {
    if (k === 'collMod' || GENERIC_FIELDS.includes(k)) continue;
    if (!['validator', 'validationLevel', 'validationAction'].includes(k))
      fail(ErrorCodes.NotImplemented, `collMod '${k}' is not supported by this server`);
    changes[k] = v;
  }
  checkValidationOptions(
    Object.fromEntries(Object.keys(changes).map((k) => [k, ctx.body[k] as unknown])) as Document,
  );
  const engine = ctx.state.engine;
  await durableWrite(ctx, () => {
    const meta = engine.getCollection(ctx.db, name);
    if (!meta) fail(ErrorCodes.NamespaceNotFound, `ns does not exist: ${ctx.db}.${name}`);
    engine.setOptions(meta!, { ...meta!.options, ...changes });
  });
  return { ok: 1 };
};

export const drop: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'drop');
  const engine = ctx.state.engine;
  const meta = engine.getCollection(ctx.db, name);
  if (!meta) fail(ErrorCodes.NamespaceNotFound, 'ns not found');
  const nIndexesWas = meta!.indexes.length + 1;
  await durableWrite(ctx, () => engine.dropCollection(meta!));
  return { nIndexesWas, ns: `${ctx.db}.${name}`, ok: 1 };
};

export const dropDatabase: CommandHandler = async (ctx) => {
  const engine = ctx.state.engine;
  const colls = engine.listCollections(ctx.db);
  await durableWrite(ctx, () => colls.forEach((c) => engine.dropCollection(c)));
  return { dropped: ctx.db, ok: 1 };
};

export const renameCollection: CommandHandler = async (ctx) => {
  const from = String(ctx.body.renameCollection ?? '');
  const to = String(ctx.body.to ?? '');
  const split = (ns: string): [string, string] => {
    const i = ns.indexOf('.');
    if (i <= 0) fail(ErrorCodes.InvalidNamespace, `Invalid namespace specified '${ns}'`);
    return [ns.slice(0, i), ns.slice(i + 1)];
  };
  const [fromDb, fromName] = split(from);
  const [toDb, toName] = split(to);
  const engine = ctx.state.engine;
  await durableWrite(ctx, () => {
    const meta = engine.getCollection(fromDb, fromName);
    if (!meta) fail(ErrorCodes.NamespaceNotFound, 'Source collection ' + from + ' does not exist');
    const target = engine.getCollection(toDb, toName);
    if (target) {
      if (ctx.body.dropTarget !== true) fail(ErrorCodes.NamespaceExists, 'Target namespace exists');
      engine.dropCollection(target);
    }
    engine.renameCollection(meta!, toDb, toName);
  });
  return { ok: 1 };
};

const sameKey = (a: Document, b: Document): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v], i) => Object.keys(b)[i] === k && Number(v) === Number(b[k]));

export const createIndexes: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'createIndexes');
  const specs = ctx.typed.indexes;
  if (!Array.isArray(specs) || !specs.length)
    fail(ErrorCodes.BadValue, 'Must specify at least one index to create');
  const plain = ctx.body.indexes as Document[];
  const collectionDefault = ctx.state.engine.getCollection(ctx.db, name)?.options.collation as unknown;
  const requested = (specs as Document[]).map((s, i) => {
    const p = plain[i]!;
    if (!isPlainObject(p.key))
      fail(ErrorCodes.FailedToParse, "The 'key' field is a required property of an index specification");
    const fields = indexFieldsOf(p.key as Document);
    if (typeof p.name !== 'string' || !p.name)
      fail(ErrorCodes.FailedToParse, "The 'name' field is a required property of an index specification");
    for (const opt of ['text', '2dsphere', 'wildcardProjection', 'hidden']) {
      if (p[opt] !== undefined && opt !== 'hidden')
        fail(ErrorCodes.NotImplemented, `index option '${opt}' is not supported by this server`);
    }
    if (p.partialFilterExpression !== undefined) {
      if (!isPlainObject(p.partialFilterExpression))
        fail(ErrorCodes.TypeMismatch, 'partialFilterExpression must be an object');
      compileQuery(p.partialFilterExpression as Document);
    }
    if (
      p.expireAfterSeconds !== undefined &&
      (typeof p.expireAfterSeconds !== 'number' || p.expireAfterSeconds < 0)
    )
      fail(ErrorCodes.InvalidOptions, "TTL index 'expireAfterSeconds' option must be a non-negative number");
    if (p.unique === true && p.sparse !== true && fields.some((f) => f.path === '_id') && fields.length === 1)
      return undefined; // the _id index exists already
    const spec: Omit<IndexSpec, 'id' | 'multikey'> = {
      name: p.name as string,
      key: s.key as Document,
      fields,
      unique: p.unique === true,
      sparse: p.sparse === true,
    };
    if (p.partialFilterExpression) spec.partialFilterExpression = p.partialFilterExpression as Document;
    if (p.expireAfterSeconds !== undefined) spec.expireAfterSeconds = p.expireAfterSeconds as number;
    const collation = p.collation ?? collectionDefault;
    if (parseCollation(collation)) spec.collation = { ...COLLATION_DEFAULTS, ...(collation as Document) };
    return spec;
  });
  const engine = ctx.state.engine;
  return durableWrite(ctx, () => {
    const { meta, created } = engine.ensureCollection(ctx.db, name);
    const before = meta.indexes.length + 1;
    let note: string | undefined;
    for (const spec of requested) {
      if (!spec) continue;
      if (spec.name === '_id_' || isIdKey(spec.key)) {
        if (isIdKey(spec.key) && spec.name === '_id_') continue;
        fail(
          ErrorCodes.IndexOptionsConflict,
          `Index with name: ${spec.name} already exists with a different name`,
        );
      }
      const byName = meta.indexes.find((ix) => ix.name === spec.name);
      const byKey = meta.indexes.find((ix) => sameKey(ix.key, spec.key));
      if (byName) {
        if (!sameKey(byName.key, spec.key))
          fail(
            ErrorCodes.IndexKeySpecsConflict,
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: ${JSON.stringify(spec.key)}, name: "${spec.name}" }, existing index: { v: 2, key: ${JSON.stringify(byName.key)}, name: "${byName.name}" }`,
          );
        if (
          byName.unique !== spec.unique ||
          byName.sparse !== spec.sparse ||
          byName.expireAfterSeconds !== spec.expireAfterSeconds
        )
          fail(
            ErrorCodes.IndexOptionsConflict,
            `An equivalent index already exists with the same name but different options. Requested index: ${spec.name}`,
          );
        note = 'all indexes already exist';
        continue;
      }
      if (
        byKey &&
        JSON.stringify(byKey.partialFilterExpression ?? null) ===
          JSON.stringify(spec.partialFilterExpression ?? null)
      )
        fail(ErrorCodes.IndexOptionsConflict, `Index already exists with a different name: ${byKey.name}`);
      checkExistingCollatedUnique(engine, meta, spec as IndexSpec);
      engine.createIndex(meta, spec);
    }
    const reply: Document = {
      numIndexesBefore: before,
      numIndexesAfter: meta.indexes.length + 1,
      createdCollectionAutomatically: created,
    };
    if (note && before === meta.indexes.length + 1) reply.note = note;
    reply.ok = 1;
    return reply;
  });
};

const isIdKey = (key: Document): boolean => Object.keys(key).length === 1 && '_id' in key;

export function indexDescriptions(meta: CollectionMeta): Document[] {
  return [
    { v: 2, key: { _id: 1 }, name: '_id_' },
    ...meta.indexes.map((ix) => {
      const d: Document = { v: 2, key: ix.key, name: ix.name };
      if (ix.unique) d.unique = true;
      if (ix.sparse) d.sparse = true;
      if (ix.partialFilterExpression) d.partialFilterExpression = ix.partialFilterExpression;
      if (ix.expireAfterSeconds !== undefined) d.expireAfterSeconds = ix.expireAfterSeconds;
      if (ix.collation) d.collation = ix.collation;
      return d;
    }),
  ];
}

const toRaw = (docs: Document[]): Iterator<Buffer> =>
  docs.map((d) => Buffer.from(serialize(d)))[Symbol.iterator]();

export const listIndexes: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'listIndexes');
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  if (!meta) fail(ErrorCodes.NamespaceNotFound, `ns does not exist: ${ctx.db}.${name}`);
  const cursor = (ctx.body.cursor ?? {}) as Document;
  return firstBatchReply(ctx, `${ctx.db}.${name}`, toRaw(indexDescriptions(meta!)), num(cursor.batchSize, 0));
};

export const dropIndexes: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, Object.keys(ctx.body)[0] ?? 'dropIndexes');
  const engine = ctx.state.engine;
  const meta = engine.getCollection(ctx.db, name);
  if (!meta) fail(ErrorCodes.NamespaceNotFound, `ns not found ${ctx.db}.${name}`);
  const nIndexesWas = meta!.indexes.length + 1;
  const which = ctx.body.index;
  let targets: IndexSpec[];
  if (which === '*') targets = [...meta!.indexes];
  else {
    const names = Array.isArray(which) ? which : [which];
    targets = names.map((w) => {
      if (w === '_id_' || (isPlainObject(w) && isIdKey(w)))
        fail(ErrorCodes.InvalidOptions, 'cannot drop _id index');
      const ix =
        typeof w === 'string'
          ? meta!.indexes.find((i) => i.name === w)
          : meta!.indexes.find((i) => isPlainObject(w) && sameKey(i.key, w));
      if (!ix)
        fail(
          ErrorCodes.IndexNotFound,
          typeof w === 'string'
            ? `index not found with name [${w}]`
            : `can't find index with key: ${JSON.stringify(w)}`,
        );
      return ix!;
    });
  }
  await durableWrite(ctx, () => targets.forEach((ix) => engine.dropIndex(meta!, ix)));
  return { nIndexesWas, ok: 1 };
};

export const listCollections: CommandHandler = (ctx) => {
  const filter = (ctx.body.filter ?? {}) as Document;
  const q = Object.keys(filter).length ? compileQuery(filter) : undefined;
  const nameOnly = ctx.body.nameOnly === true;
  const infos = ctx.state.engine
    .listCollections(ctx.db)
    .sort((a, b) => compareValues(a.name, b.name))
    .map((c) => ({
      name: c.name,
      type: 'collection',
      options: c.options,
      info: { readOnly: false },
      idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
    }))
    .filter((d) => !q || q.test(d))
    .map((d) => (nameOnly ? { name: d.name, type: d.type } : d));
  const cursor = (ctx.body.cursor ?? {}) as Document;
  return firstBatchReply(ctx, `${ctx.db}.$cmd.listCollections`, toRaw(infos), num(cursor.batchSize, 0));
};

function dataSize(meta: CollectionMeta): number {
  return meta.size;
}

export const listDatabases: CommandHandler = (ctx) => {
  const engine = ctx.state.engine;
  const filter = (ctx.body.filter ?? {}) as Document;
  const q = Object.keys(filter).length ? compileQuery(filter) : undefined;
  const dbs = engine
    .listDatabases()
    .map((name) => {
      const size = engine.listCollections(name).reduce((s, c) => s + dataSize(c), 0);
      return { name, sizeOnDisk: size, empty: size === 0 };
    })
    .filter((d) => !q || q.test(d));
  if (ctx.body.nameOnly === true) return { databases: dbs.map((d) => ({ name: d.name })), ok: 1 };
  return { databases: dbs, totalSize: dbs.reduce((s, d) => s + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
};

export const collStats: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'collStats');
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  if (!meta) fail(ErrorCodes.NamespaceNotFound, `Collection [${ctx.db}.${name}] not found.`);
  const scale = Math.max(1, num(ctx.body.scale, 1));
  const indexSizes: Document = { _id_: Math.round((meta!.count * 24) / scale) };
  for (const ix of meta!.indexes) indexSizes[ix.name] = Math.round((meta!.count * 32) / scale);
  const totalIndexSize = Object.values(indexSizes).reduce((s: number, v) => s + (v as number), 0);
  const size = Math.round(meta!.size / scale);
  return {
    ns: `${ctx.db}.${name}`,
    count: meta!.count,
    size,
    avgObjSize: meta!.count ? Math.round(meta!.size / meta!.count) : 0,
    storageSize: size,
    freeStorageSize: 0,
    capped: false,
    nindexes: meta!.indexes.length + 1,
    indexSizes,
    totalIndexSize,
    totalSize: size + totalIndexSize,
    scaleFactor: scale,
    ok: 1,
  };
};

export const dbStats: CommandHandler = (ctx) => {
  const colls = ctx.state.engine.listCollections(ctx.db);
  const scale = Math.max(1, num(ctx.body.scale, 1));
  const objects = colls.reduce((s, c) => s + c.count, 0);
  const size = colls.reduce((s, c) => s + c.size, 0);
  const indexes = colls.reduce((s, c) => s + c.indexes.length + 1, 0);
  const indexSize = colls.reduce((s, c) => s + c.count * (24 + 32 * c.indexes.length), 0);
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? size / objects : 0,
    dataSize: size / scale,
    storageSize: size / scale,
    indexes,
    indexSize: indexSize / scale,
    totalSize: (size + indexSize) / scale,
    scaleFactor: scale,
    ok: 1,
  };
};
