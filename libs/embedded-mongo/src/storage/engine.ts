// Durable storage on LMDB: documents as BSON keyed by collection and encoded _id, secondary index entries in
// one ordered sub-database, and the catalog (collections, index specs, counters) in another. Every mutation
// runs synchronously inside an lmdb-js asynchronous transaction callback, so concurrent writes to a collection
// are serialised (read-modify-write is atomic) while LMDB group-commits them; the caller's promise resolves
// only after the commit is flushed to disk.
import { open, type Database, type RootDatabase } from 'lmdb';
import { deserialize, serialize, type Document } from 'bson';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ErrorCodes, MongoServerError, fail } from '../errors';
import { encodeKey, encodeStorageId, isTruncated, prefixEnd } from './key-encoding';
import { pathValues } from '../query/paths';
import { formatValue } from './format';
import { compileQuery } from './mingo-context';
import { attachRaw } from './bson-types';
import { normalizeForMatch } from './normalize';
import { nsOf, type CollectionMeta, type IndexField, type IndexSpec } from './catalog-types';
import { EntryType, pathParts, RawPaths } from './raw-path';
import { leadingSegment, ValueCounts } from './value-counts';
import { RememberedRuns } from '../query/remembered-runs';

export type { CollectionMeta, IndexSpec } from './catalog-types';

const u32 = (n: number): Buffer => {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(n, 0);
  return b;
};

export const encodeId = (id: unknown): Buffer => encodeStorageId(id);

export interface StoredDoc {
  raw: Buffer;
  doc: Document;
}

/** Deserialises for matching: numbers of every width become JS numbers (the stored bytes keep the types). */
export const toMatchable = (raw: Uint8Array): Document =>
  attachRaw(normalizeForMatch(deserialize(raw, { promoteBuffers: false }), raw) as Document, raw);

/** Deserialises keeping the exact BSON types (Int32, Double, Long stay wrapped) for writing back. */
export const toTyped = (raw: Uint8Array): Document =>
  deserialize(raw, { promoteValues: false, promoteBuffers: false });

export class Engine {
  readonly env: RootDatabase;
  private readonly docs: Database<Buffer, Buffer>;
  private readonly index: Database<Buffer, Buffer>;
  private readonly catalog: Database<Buffer, string>;
  private readonly counts: ValueCounts;
  /** Runs of index entries scans have jumped over (query/run-skip.ts), forgotten when a write lands in one. */
  readonly runs = new RememberedRuns();
  private readonly colls = new Map<string, CollectionMeta>();
  private nextId = 1;
  private dirtyStats = new Set<CollectionMeta>();
  private queue: {
    run: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }[] = [];
  /** Whether a transaction is queued in LMDB that has not yet run the queued mutations. */
  private scheduled = false;
  private readonly lockFile: string;

  constructor(dbPath: string) {
    try {
      ensureDir(dbPath);
      accessSync(dbPath, constants.W_OK);
    } catch (err) {
      throw new Error(
        `data folder ${dbPath} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        { cause: err },
      );
    }
    this.lockFile = acquireLock(dbPath);
    try {
      const opened = openStore(dbPath);
      this.env = opened.env;
      this.docs = opened.docs;
      this.index = opened.index;
      this.catalog = opened.catalog;
      this.counts = new ValueCounts(opened.counts, opened.index, (meta) => this.saveMeta(meta));
      this.load();
    } catch (err) {
      rmSync(this.lockFile, { force: true });
      throw new Error(`cannot open the data in ${dbPath}: ${(err as Error).message}`, { cause: err });
    }
  }

  private load(): void {
    for (const { key, value } of this.catalog.getRange({ start: 'c:', end: 'c;' })) {
      const stored = deserialize(value) as { meta: Omit<CollectionMeta, 'count' | 'size'> };
      const meta: CollectionMeta = { ...stored.meta, count: 0, size: 0 };
      for (const ix of meta.indexes) this.prepareIndex(ix);
      const stats = this.catalog.get(`s:${meta.id}`);
      if (stats) {
        meta.count = stats.readDoubleBE(0);
        meta.size = stats.readDoubleBE(8);
      }
      this.colls.set(String(key).slice(2), meta);
      this.nextId = Math.max(this.nextId, meta.id + 1, ...meta.indexes.map((i) => i.id + 1));
    }
    // indexes made before their leading values were counted get their counters now
    const uncounted = [...this.colls.values()].flatMap((meta) =>
      meta.indexes.filter((ix) => this.counts.load(meta, ix)).map((ix) => ({ meta, ix })),
    );
    if (uncounted.length)
      this.env.transactionSync(() => {
        for (const { meta, ix } of uncounted) this.counts.buildFromIndex(meta, ix);
      });
  }

  private prepareIndex(ix: IndexSpec): void {
    if (ix.partialFilterExpression) ix.partialQuery = compileQuery(ix.partialFilterExpression);
    ix.parts = ix.fields.map((f) => pathParts(f.path));
  }

  /**
   * Runs a mutation in the next group commit and resolves once it is committed and synced to disk.
   *
   * Group commit: mutations wait in a queue, and one LMDB transaction runs every mutation queued by the time
   * LMDB starts it, so each commit and each sync serves as many writers as are waiting and the B-tree pages
   * they share (the collection's last leaf, index leaves, the statistics record) are copied once per commit
   * rather than once per writer. The next transaction is queued as soon as the previous one has run its
   * mutations, without waiting for its commit: LMDB's write thread starts it right after that commit, while
   * the mutations that arrive meanwhile gather in the queue for it. Commits do not wait for the sync
   * (overlappingSync): one sync covers every commit made before it started. Each caller is answered only
   * after the sync that covers its commit, so an acknowledged write is on disk (writeConcern j: true / fsync
   * therefore needs nothing more).
   */
  write<T>(fn: () => T, _journal = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) this.scheduleCommit();
    });
  }

  private scheduleCommit(): void {
    this.scheduled = true;
    let batch: typeof this.queue | undefined;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const committed = this.env.transaction(() => {
      // from here on, a new mutation goes to the next transaction
      this.scheduled = false;
      this.runs.writing();
      batch = this.queue;
      this.queue = [];
      for (const w of batch) {
        try {
          outcomes.push({ ok: true, value: w.run() });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      this.counts.flush();
      this.flushStats();
    });
    // env.flushed follows the newest transaction: bind to this one now, while it is the newest
    const flushed = new Promise<void>((resolve, reject) => {
      this.env.flushed.then(() => resolve(), reject);
    });
    // reads see this transaction's writes once its commit resolves (lmdb-js renews the read snapshot first)
    committed.then(
      () => batch && this.runs.written(),
      () => batch && this.runs.written(),
    );
    committed.then(
      () =>
        flushed.then(
          () =>
            batch?.forEach((w, i) => {
              const o = outcomes[i];
              if (!o) w.reject(new Error('transaction did not run'));
              else if (o.ok) w.resolve(o.value);
              else w.reject(o.error);
            }),
          (error: unknown) => batch?.forEach((w) => w.reject(error)),
        ),
      (error: unknown) => {
        this.counts.discard();
        if (batch) {
          for (const w of batch) w.reject(error);
          return;
        }
        // the transaction failed before running its mutations: they are still queued
        this.scheduled = false;
        const waiting = this.queue;
        this.queue = [];
        for (const w of waiting) w.reject(error);
      },
    );
  }

  private flushStats(): void {
    for (const meta of this.dirtyStats) {
      const b = Buffer.allocUnsafe(16);
      b.writeDoubleBE(meta.count, 0);
      b.writeDoubleBE(meta.size, 8);
      this.catalog.putSync(`s:${meta.id}`, b);
    }
    this.dirtyStats.clear();
  }

  async close(): Promise<void> {
    await this.env.flushed;
    await this.env.close();
    rmSync(this.lockFile, { force: true });
  }

  // ---- catalog ----

  getCollection(db: string, name: string): CollectionMeta | undefined {
    return this.colls.get(`${db}.${name}`);
  }

  listCollections(db: string): CollectionMeta[] {
    return [...this.colls.values()].filter((c) => c.db === db);
  }

  listDatabases(): string[] {
    return [...new Set([...this.colls.values()].map((c) => c.db))].sort();
  }

  private saveMeta(meta: CollectionMeta): void {
    const { count: _c, size: _s, ...rest } = meta;
    const indexes = rest.indexes.map(({ partialQuery: _p, parts: _parts, ...ix }) => ix);
    this.catalog.putSync(`c:${nsOf(meta)}`, Buffer.from(serialize({ meta: { ...rest, indexes } })));
  }

  /** Inside a write: creates the collection when missing. */
  ensureCollection(
    db: string,
    name: string,
    options: Document = {},
  ): { meta: CollectionMeta; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { meta: existing, created: false };
    validateNamespace(db, name);
    const meta: CollectionMeta = { id: this.nextId++, db, name, options, indexes: [], count: 0, size: 0 };
    this.colls.set(nsOf(meta), meta);
    this.saveMeta(meta);
    this.dirtyStats.add(meta);
    return { meta, created: true };
  }

  /** Inside a write: removes a collection, its documents and index entries. */
  dropCollection(meta: CollectionMeta): void {
    this.removeRange(this.docs, u32(meta.id));
    for (const ix of meta.indexes) {
      this.removeRange(this.index, u32(ix.id));
      this.counts.clear(ix);
    }
    this.catalog.removeSync(`c:${nsOf(meta)}`);
    this.catalog.removeSync(`s:${meta.id}`);
    this.colls.delete(nsOf(meta));
    this.dirtyStats.delete(meta);
  }

  /** Inside a write: removes every document and index entry of a collection, keeping it and its indexes. */
  truncate(meta: CollectionMeta): number {
    const removed = meta.count;
    this.removeRange(this.docs, u32(meta.id));
    for (const ix of meta.indexes) {
      this.removeRange(this.index, u32(ix.id));
      this.counts.clear(ix);
    }
    meta.count = 0;
    meta.size = 0;
    this.dirtyStats.add(meta);
    return removed;
  }

  /** Inside a write: replaces a collection's options (collMod). */
  setOptions(meta: CollectionMeta, options: Document): void {
    meta.options = options;
    this.saveMeta(meta);
  }

  renameCollection(meta: CollectionMeta, db: string, name: string): void {
    this.catalog.removeSync(`c:${nsOf(meta)}`);
    this.colls.delete(nsOf(meta));
    meta.db = db;
    meta.name = name;
    this.colls.set(nsOf(meta), meta);
    this.saveMeta(meta);
  }

  private removeRange(db: Database<Buffer, Buffer>, prefix: Buffer): void {
    if (db === this.index) this.runs.clear();
    // in slices, so that a large collection is not held as one array of keys
    for (;;) {
      const keys = [...db.getKeys({ start: prefix, end: prefixEnd(prefix), limit: 10_000 })];
      if (!keys.length) return;
      for (const k of keys) db.removeSync(k);
    }
  }

  /** Inside a write: builds a new index over existing documents (fails without change on duplicates). */
  createIndex(meta: CollectionMeta, spec: Omit<IndexSpec, 'id' | 'multikey'>): IndexSpec {
    const ix: IndexSpec = { ...spec, id: this.nextId++, multikey: false, entryTypes: true, arrays: false };
    this.prepareIndex(ix);
    const entries: Buffer[] = [];
    const values = new Map<string, [Buffer, number]>();
    const seen = new Map<string, { id: unknown; values: unknown[] }>();
    const prefix = u32(ix.id);
    for (const { value } of this.docs.getRange({ start: u32(meta.id), end: prefixEnd(u32(meta.id)) })) {
      const doc = toMatchable(value);
      const keys = this.indexKeys(ix, doc);
      const idEnc = encodeId(doc._id);
      const entry = this.entryValue(ix, new RawPaths(value), idEnc);
      if (keys.length > 1) ix.multikey = true;
      if (keys.length && crossesArray(ix, entry)) ix.arrays = true;
      for (const k of keys) {
        if (k.bytes.length + idEnc.length + 4 > MAX_KEY_BYTES)
          fail(
            KEY_TOO_LONG,
            `Index key too large to index in ${nsOf(meta)} index ${ix.name} (${k.bytes.length} bytes)`,
          );
        if (k.values.some(isTruncated)) ix.longKeys = true;
        if (ix.unique) {
          const hex = (k.values.some(isTruncated) ? encodeKey(k.values, undefined, true) : k.bytes).toString(
            'hex',
          );
          const other = seen.get(hex);
          if (other && encodeId(other.id).compare(idEnc) !== 0) this.duplicate(meta, ix, k.values);
          seen.set(hex, { id: doc._id, values: k.values });
        }
        entries.push(Buffer.concat([prefix, k.bytes, idEnc]), entry);
        const seg = leadingSegment(ix, k.bytes);
        const counted = values.get(seg.toString('latin1'));
        if (counted) counted[1]++;
        else values.set(seg.toString('latin1'), [seg, 1]);
      }
    }
    this.runs.clear();
    for (let i = 0; i < entries.length; i += 2) this.index.putSync(entries[i]!, entries[i + 1]!);
    meta.indexes.push(ix);
    this.counts.set(meta, ix, values.values());
    return ix;
  }

  dropIndex(meta: CollectionMeta, ix: IndexSpec): void {
    this.removeRange(this.index, u32(ix.id));
    this.counts.clear(ix);
    meta.indexes = meta.indexes.filter((i) => i !== ix);
    this.saveMeta(meta);
  }

  // ---- keys ----

  /** The index keys of a document (empty when a sparse or partial index leaves it out). */
  indexKeys(ix: IndexSpec, doc: Document): { bytes: Buffer; values: unknown[] }[] {
    if (ix.partialQuery && !ix.partialQuery.test(doc)) return [];
    const perField = ix.fields.map((f) => dedupe(pathValues(doc, f.path)));
    if (ix.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return [];
    const dirs = ix.fields.map((f) => f.dir);
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v === undefined ? null : v]);
      combos = next;
      if (combos.length > 10000) fail(ErrorCodes.BadValue, 'too many index keys for one document');
    }
    return combos.map((values) => ({ bytes: encodeKey(values, dirs), values }));
  }

  private duplicate(meta: CollectionMeta, ix: IndexSpec, values: unknown[]): never {
    const keyValue: Document = {};
    ix.fields.forEach((f, i) => (keyValue[f.path] = values[i] ?? null));
    const shown = ix.fields.map((f, i) => `${f.path}: ${formatValue(values[i])}`).join(', ');
    throw new MongoServerError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${nsOf(meta)} index: ${ix.name} dup key: { ${shown} }`,
      { keyPattern: ix.key, keyValue },
    );
  }

  private duplicateId(meta: CollectionMeta, id: unknown): never {
    throw new MongoServerError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${nsOf(meta)} index: _id_ dup key: { _id: ${formatValue(id)} }`,
      { keyPattern: { _id: 1 }, keyValue: { _id: id } },
    );
  }

  /** Throws E11000 when another document already holds one of these unique keys. */
  private checkUnique(
    meta: CollectionMeta,
    ix: IndexSpec,
    keys: { bytes: Buffer; values: unknown[] }[],
    idEnc: Buffer,
  ): void {
    const prefix = u32(ix.id);
    for (const k of keys) {
      const start = Buffer.concat([prefix, k.bytes]);
      for (const { value } of this.index.getRange({ start, end: prefixEnd(start) })) {
        const otherId = entryId(ix, value);
        if (otherId.equals(idEnc)) continue;
        if (k.values.some(isTruncated)) {
          // the key holds a shortened value: compare the other document's full values
          const other = this.docs.get(Buffer.concat([u32(meta.id), otherId]));
          if (!other) continue;
          const full = encodeKey(k.values, undefined, true);
          const otherKeys = this.indexKeys(ix, toMatchable(other));
          if (!otherKeys.some((ok) => encodeKey(ok.values, undefined, true).equals(full))) continue;
        }
        this.duplicate(meta, ix, k.values);
      }
    }
  }

  /** LMDB keys are limited to 1978 bytes; refuse (before writing anything) an entry that would not fit. */
  private checkKeySizes(meta: CollectionMeta, idEnc: Buffer, perIndex: { bytes: Buffer }[][]): void {
    if (idEnc.length + 4 > MAX_KEY_BYTES)
      fail(KEY_TOO_LONG, `_id value too large to index in ${nsOf(meta)} (${idEnc.length} bytes)`);
    meta.indexes.forEach((ix, i) => {
      for (const k of perIndex[i] ?? []) {
        if (k.bytes.length + idEnc.length + 4 > MAX_KEY_BYTES)
          fail(
            KEY_TOO_LONG,
            `Index key too large to index in ${nsOf(meta)} index ${ix.name} (${k.bytes.length} bytes)`,
          );
      }
    });
  }

  // ---- document writes (call inside write()) ----

  docKey(meta: CollectionMeta, id: unknown): Buffer {
    return Buffer.concat([u32(meta.id), encodeId(id)]);
  }

  getById(meta: CollectionMeta, id: unknown): Buffer | undefined {
    return this.docs.get(this.docKey(meta, id));
  }

  insert(meta: CollectionMeta, raw: Buffer, doc: Document): void {
    if (raw.length > 16 * 1024 * 1024)
      fail(
        ErrorCodes.BSONObjectTooLarge,
        `object to insert too large. size in bytes: ${raw.length}, max size: 16777216`,
      );
    const idEnc = encodeId(doc._id);
    if (idEnc.length + 4 > MAX_KEY_BYTES)
      fail(KEY_TOO_LONG, `_id value too large to index in ${nsOf(meta)} (${idEnc.length} bytes)`);
    const key = Buffer.concat([u32(meta.id), idEnc]);
    if (this.docs.doesExist(key)) this.duplicateId(meta, doc._id);
    const perIndex = meta.indexes.map((ix) => this.indexKeys(ix, doc));
    this.checkKeySizes(meta, idEnc, perIndex);
    meta.indexes.forEach((ix, i) => ix.unique && this.checkUnique(meta, ix, perIndex[i]!, idEnc));
    this.docs.putSync(key, raw);
    const paths = new RawPaths(raw);
    meta.indexes.forEach((ix, i) => {
      this.putKeys(meta, ix, perIndex[i]!, idEnc, this.entryValue(ix, paths, idEnc));
      for (const k of perIndex[i]!) this.counts.add(meta, ix, k.bytes, 1);
    });
    meta.count += 1;
    meta.size += raw.length;
    this.dirtyStats.add(meta);
  }

  private unindex(key: Buffer): void {
    this.runs.touched(key);
    this.index.removeSync(key);
  }

  private putKeys(
    meta: CollectionMeta,
    ix: IndexSpec,
    keys: { bytes: Buffer; values: unknown[] }[],
    idEnc: Buffer,
    entry: Buffer,
  ): void {
    const prefix = u32(ix.id);
    for (const k of keys) {
      const key = Buffer.concat([prefix, k.bytes, idEnc]);
      this.runs.touched(key);
      this.index.putSync(key, entry);
    }
    const multikey = keys.length > 1 && !ix.multikey;
    const longKeys = !ix.longKeys && keys.some((k) => k.values.some(isTruncated));
    const arrays = ix.arrays === false && keys.length > 0 && crossesArray(ix, entry);
    if (multikey) ix.multikey = true;
    if (longKeys) ix.longKeys = true;
    if (arrays) ix.arrays = true;
    if (multikey || longKeys || arrays) this.saveMeta(meta);
  }

  /**
   * The value of an index entry: the encoded _id, then (entryTypes) each field's type byte and the _id's.
   * `paths` reads the document once for all of a write's indexes.
   */
  private entryValue(ix: IndexSpec, paths: RawPaths, idEnc: Buffer): Buffer {
    if (!ix.entryTypes) return idEnc;
    const parts = ix.parts ?? ix.fields.map((f) => pathParts(f.path));
    const out = Buffer.allocUnsafe(idEnc.length + parts.length + 1);
    idEnc.copy(out, 0);
    let at = idEnc.length;
    for (const p of parts) out[at++] = paths.leafType(p);
    out[at] = paths.leafType(ID_PARTS);
    return out;
  }

  replace(meta: CollectionMeta, old: StoredDoc, raw: Buffer, doc: Document): void {
    if (raw.length > 16 * 1024 * 1024)
      fail(
        ErrorCodes.BSONObjectTooLarge,
        `BSONObj size: ${raw.length} is invalid. Size must be between 0 and 16793600(16MB)`,
      );
    const idEnc = encodeId(old.doc._id);
    const oldKeys = meta.indexes.map((ix) => this.indexKeys(ix, old.doc));
    const newKeys = meta.indexes.map((ix) => this.indexKeys(ix, doc));
    this.checkKeySizes(meta, idEnc, newKeys);
    meta.indexes.forEach((ix, i) => {
      if (!ix.unique) return;
      const before = new Set(oldKeys[i]!.map((k) => k.bytes.toString('hex')));
      this.checkUnique(
        meta,
        ix,
        newKeys[i]!.filter((k) => !before.has(k.bytes.toString('hex'))),
        idEnc,
      );
    });
    const newPaths = new RawPaths(raw);
    const oldPaths = new RawPaths(old.raw);
    meta.indexes.forEach((ix, i) => {
      const prefix = u32(ix.id);
      const next = new Set(newKeys[i]!.map((k) => k.bytes.toString('hex')));
      const prev = new Set(oldKeys[i]!.map((k) => k.bytes.toString('hex')));
      for (const k of oldKeys[i]!) {
        if (next.has(k.bytes.toString('hex'))) continue;
        this.unindex(Buffer.concat([prefix, k.bytes, idEnc]));
        this.counts.add(meta, ix, k.bytes, -1);
      }
      for (const k of newKeys[i]!)
        if (!prev.has(k.bytes.toString('hex'))) this.counts.add(meta, ix, k.bytes, 1);
      const entry = this.entryValue(ix, newPaths, idEnc);
      // a value can change type without changing its key (2 becomes 2.0): then every entry is rewritten
      const retyped = ix.entryTypes === true && !entry.equals(this.entryValue(ix, oldPaths, idEnc));
      this.putKeys(
        meta,
        ix,
        retyped ? newKeys[i]! : newKeys[i]!.filter((k) => !prev.has(k.bytes.toString('hex'))),
        idEnc,
        entry,
      );
    });
    this.docs.putSync(Buffer.concat([u32(meta.id), idEnc]), raw);
    meta.size += raw.length - old.raw.length;
    this.dirtyStats.add(meta);
  }

  remove(meta: CollectionMeta, old: StoredDoc): void {
    const idEnc = encodeId(old.doc._id);
    meta.indexes.forEach((ix) => {
      const prefix = u32(ix.id);
      for (const k of this.indexKeys(ix, old.doc)) {
        this.unindex(Buffer.concat([prefix, k.bytes, idEnc]));
        this.counts.add(meta, ix, k.bytes, -1);
      }
    });
    this.docs.removeSync(Buffer.concat([u32(meta.id), idEnc]));
    meta.count -= 1;
    meta.size -= old.raw.length;
    this.dirtyStats.add(meta);
  }

  // ---- reads ----

  /** Documents in _id order (or reverse) over optional encoded-_id bounds. */
  *scanPrimary(meta: CollectionMeta, ranges: KeyRange[] | undefined, reverse: boolean): Generator<Buffer> {
    const prefix = u32(meta.id);
    for (const r of ranges ?? [{ start: Buffer.alloc(0), end: undefined }]) {
      for (const { value } of rangeEntries(this.docs, prefix, r, reverse)) yield value;
    }
  }

  /** Documents reached through a secondary index's key ranges (each document once). */
  *scanIndex(
    meta: CollectionMeta,
    ix: IndexSpec,
    ranges: KeyRange[],
    reverse: boolean,
    dedupe: boolean,
  ): Generator<Buffer> {
    const prefix = u32(ix.id);
    const docPrefix = u32(meta.id);
    const seen = dedupe ? new Set<string>() : undefined;
    for (const r of ranges) {
      for (const { value } of rangeEntries(this.index, prefix, r, reverse)) {
        if (seen) {
          const h = value.toString('latin1');
          if (seen.has(h)) continue;
          seen.add(h);
        }
        const raw = this.docs.get(Buffer.concat([docPrefix, entryId(ix, value)]));
        if (raw) yield raw;
      }
    }
  }

  /** Index entries (encoded _id values) within ranges, for TTL sweeps. */
  *indexIds(ix: IndexSpec, range: KeyRange): Generator<Buffer> {
    for (const { value } of rangeEntries(this.index, u32(ix.id), range, false)) yield entryId(ix, value);
  }

  /** Raw entries of a secondary index within a key range (keys include the 4-byte index prefix). */
  indexEntries(ix: IndexSpec, range: KeyRange, reverse: boolean): Iterable<{ key: Buffer; value: Buffer }> {
    return rangeEntries(this.index, u32(ix.id), range, reverse);
  }

  /** Keys alone of a secondary index within a key range (each with an empty value). */
  *indexKeyRange(
    ix: IndexSpec,
    range: KeyRange,
    reverse: boolean,
  ): Generator<{ key: Buffer; value: Buffer }> {
    const prefix = u32(ix.id);
    const start = Buffer.concat([prefix, range.start]);
    const end = range.end ? Buffer.concat([prefix, range.end]) : prefixEnd(prefix);
    const none = Buffer.alloc(0);
    if (!reverse) {
      for (const key of this.index.getKeys({ start, end })) yield { key, value: none };
      return;
    }
    for (const key of this.index.getKeys({ start: end, end: start, reverse: true }))
      if (!key.equals(end)) yield { key, value: none };
    // lmdb's reverse range leaves out its end key (our start)
    if (this.index.doesExist(start)) yield { key: start, value: none };
  }

  /** Stored documents keyed by encoded _id within a key range (keys include the 4-byte collection prefix). */
  primaryEntries(
    meta: CollectionMeta,
    range: KeyRange,
    reverse: boolean,
  ): Iterable<{ key: Buffer; value: Buffer }> {
    return rangeEntries(this.docs, u32(meta.id), range, reverse);
  }

  /** How many entries a key range holds, counted by LMDB without handing them to JavaScript. */
  countRange(target: { index: IndexSpec } | { meta: CollectionMeta }, range: KeyRange): number {
    const [store, prefix] =
      'index' in target ? [this.index, u32(target.index.id)] : [this.docs, u32(target.meta.id)];
    const start = Buffer.concat([prefix, range.start]);
    const end = range.end ? Buffer.concat([prefix, range.end]) : prefixEnd(prefix);
    return Buffer.compare(start, end) < 0 ? store.getKeysCount({ start, end }) : 0;
  }

  /** The key `offset` entries past the first at or after `range.start` (before its end); LMDB steps over the others. */
  indexKeyAt(ix: IndexSpec, range: KeyRange, offset: number): Buffer | undefined {
    const prefix = u32(ix.id);
    const start = Buffer.concat([prefix, range.start]);
    const end = range.end ? Buffer.concat([prefix, range.end]) : prefixEnd(prefix);
    for (const key of this.index.getKeys({ start, end, offset, limit: 1 })) return key;
    return undefined;
  }

  /** The counters of an index's leading-field values within a range of their encodings (counted indexes). */
  leadingCounts(ix: IndexSpec, range: KeyRange): Iterable<{ seg: Buffer; count: number }> {
    return this.counts.within(ix, range);
  }

  /** The first entry at or after `from` (and before `to`) of an index, in either direction. */
  firstEntry(ix: IndexSpec, range: KeyRange, reverse: boolean): { key: Buffer; value: Buffer } | undefined {
    for (const entry of rangeEntries(this.index, u32(ix.id), range, reverse)) return entry;
    return undefined;
  }

  getByEncodedId(meta: CollectionMeta, idEnc: Buffer): Buffer | undefined {
    return this.docs.get(Buffer.concat([u32(meta.id), idEnc]));
  }
}

const MAX_KEY_BYTES = 1978;
const ID_PARTS = pathParts('_id');

/** The encoded _id held in an index entry's value. */
export const entryId = (ix: IndexSpec, value: Buffer): Buffer =>
  ix.entryTypes ? value.subarray(0, value.length - ix.fields.length - 1) : value;

/** An entry's type byte for field `i` (fields.length for the _id); undefined for entries without them. */
export const entryType = (ix: IndexSpec, value: Buffer, i: number): number | undefined =>
  ix.entryTypes ? value[value.length - ix.fields.length - 1 + i] : undefined;

const crossesArray = (ix: IndexSpec, entry: Buffer): boolean =>
  ix.fields.some((_, i) => entryType(ix, entry, i) === EntryType.array);
/** MongoDB's historical KeyTooLong code. */
const KEY_TOO_LONG = 17280;

/**
 * The entries of one key range under a prefix, [start, end), in either direction. lmdb's reverse range
 * includes its start key (our end) and excludes its end key (our start); both are put right here.
 */
function* rangeEntries(
  store: Database<Buffer, Buffer>,
  prefix: Buffer,
  range: KeyRange,
  reverse: boolean,
): Generator<{ key: Buffer; value: Buffer }> {
  const start = Buffer.concat([prefix, range.start]);
  const end = range.end ? Buffer.concat([prefix, range.end]) : prefixEnd(prefix);
  if (!reverse) {
    yield* store.getRange({ start, end });
    return;
  }
  for (const entry of store.getRange({ start: end, end: start, reverse: true })) {
    if (!entry.key.equals(end)) yield entry;
  }
  const first = store.get(start);
  if (first !== undefined) yield { key: start, value: first };
}

export interface KeyRange {
  start: Buffer;
  /** Exclusive; undefined = to the end of the index. */
  end: Buffer | undefined;
}

function dedupe(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const seen = new Set<string>();
  return values.filter((v) => {
    const h = encodeKey([v], undefined, true).toString('latin1');
    if (seen.has(h)) return false;
    seen.add(h);
    return true;
  });
}

function openStore(dbPath: string) {
  // overlappingSync on: LMDB commits without holding the write lock through the sync, and a separate flush
  // makes commits durable; write()
  // waits for that flush before a write is acknowledged. After a crash lmdb-js reopens at the last commit
  // (or, after a reboot, at the last flushed one), which includes every acknowledged write.
  const env = open({
    // an explicit file name: lmdb-js treats any path containing a dot as a file, so a folder such as
    // "db.v2" must not be passed as is
    path: join(dbPath, 'data.mdb'),
    maxDbs: 8,
    encoding: 'binary',
    mapSize: 64 * 1024 ** 3,
    overlappingSync: true,
  });
  return {
    env,
    docs: env.openDB<Buffer, Buffer>({ name: 'docs', encoding: 'binary', keyEncoding: 'binary' }),
    index: env.openDB<Buffer, Buffer>({ name: 'index', encoding: 'binary', keyEncoding: 'binary' }),
    catalog: env.openDB<Buffer, string>({ name: 'catalog', encoding: 'binary' }),
    counts: env.openDB<Buffer, Buffer>({ name: 'counts', encoding: 'binary', keyEncoding: 'binary' }),
  };
}

/** One server per data folder: a second one would keep its own catalog in memory and diverge. */
function acquireLock(dbPath: string): string {
  const file = join(dbPath, 'embedded-mongo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid))
        throw new Error(`data folder ${dbPath} is in use by another embedded-mongo (pid ${pid})`, {
          cause: err,
        });
      rmSync(file, { force: true }); // left by a process that was killed
    }
  }
  throw new Error(`data folder ${dbPath} is in use by another embedded-mongo`);
}

/** Whether pid is a running Node process (after a reboot or in a new container the pid may be reused). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('node');
  } catch {
    return true; // no /proc: trust the signal check
  }
}

/** mkdir -p without fs.mkdirSync's recursive mode, which never returns on some special file systems (/proc). */
function ensureDir(dir: string): void {
  const missing: string[] = [];
  let cur = dir;
  while (!existsSync(cur)) {
    missing.unshift(cur);
    const parent = dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  for (const d of missing) mkdirSync(d);
}

export function validateNamespace(db: string, name: string): void {
  if (!db || /[/\\. "$]/.test(db) || db.length > 63)
    fail(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
  if (!name || name.includes('$') || name.startsWith('.') || name.includes('\0'))
    fail(ErrorCodes.InvalidNamespace, `Invalid collection name: ${name}`);
}

export function indexFieldsOf(key: Document): IndexField[] {
  const fields: IndexField[] = [];
  for (const [path, dir] of Object.entries(key)) {
    const n = typeof dir === 'number' ? dir : Number((dir as { valueOf(): unknown })?.valueOf?.());
    if (n !== 1 && n !== -1) {
      fail(
        67,
        `Index type ${JSON.stringify(String(dir))} is not supported by this server (only ascending 1 and descending -1 keys)`,
      );
    }
    fields.push({ path, dir: n as 1 | -1 });
  }
  if (!fields.length) fail(67, 'Index keys cannot be empty.');
  return fields;
}
