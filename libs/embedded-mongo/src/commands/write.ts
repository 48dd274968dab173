// insert, update, delete and findAndModify with MongoDB's batch semantics (ordered stops at the first
// error, unordered continues) and reply shapes. Each command's mutations run in one durable transaction.
import { ObjectId, serialize, deserialize, type Document } from 'bson';
import { ErrorCodes, MongoServerError, fail } from '../errors';
import type { CommandContext, CommandHandler } from './context';
import { collectionName, docOrEmpty, durableWrite, num } from './util';
import { toMatchable, toTyped, type Engine } from '../storage/engine';
import type { CollectionMeta } from '../storage/catalog-types';
import { parseHint, parseSort } from '../query/planner';
import { matching, planQuery, runQuery } from '../query/execute';
import { applyUpdate, buildUpsert, isOperatorUpdate, validateUpdate } from '../query/update';
import { compileQuery, type MingoOptions } from '../storage/mingo-context';
import { checkVariables, withLet } from '../query/variables';
import { collectionCollation, withCollation } from '../query/collation';
import { makeProjector } from '../query/projection';
import { isPlainObject } from '../query/paths';
import { checkCollatedUnique } from './collated-unique';
import { validateDocument, type ValidationContext } from './validation';
import { elementsOf } from '../storage/bson-elements';

interface Item {
  plain: Document;
  typed: Document;
}

/** Statements of a write command, from a kind-1 sequence or the body. */
function statements(ctx: CommandContext, field: string): { items: Item[]; raw?: Buffer[] } {
  const raw = ctx.sequences.get(field);
  if (raw) return { items: raw.map((r) => ({ plain: toMatchable(r), typed: toTyped(r) })), raw };
  const plain = ctx.body[field];
  const typed = ctx.typed[field];
  if (!Array.isArray(plain) || !Array.isArray(typed))
    fail(
      ErrorCodes.FailedToParse,
      `BSON field '${ctx.body && Object.keys(ctx.body)[0]}.${field}' is missing but a required field`,
    );
  return { items: (plain as Document[]).map((p, i) => ({ plain: p, typed: (typed as Document[])[i]! })) };
}

/** Whether and how this command's writes are validated. */
export const validationContext = (ctx: CommandContext): ValidationContext => ({
  bypass: ctx.body.bypassDocumentValidation === true,
  log: ctx.state.log,
});

const writeError = (index: number, err: unknown): Document => {
  if (err instanceof MongoServerError)
    return { index, code: err.code, codeName: err.codeName, errmsg: err.message, ...err.extra };
  return { index, code: ErrorCodes.InternalError, errmsg: String((err as Error)?.message ?? err) };
};

/** An _id that is a document may not hold `$`-prefixed names at any depth (other fields may, in MongoDB 5+). */
export function validateIdFields(id: unknown): void {
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isPlainObject(v)) return;
    for (const [k, child] of Object.entries(v)) {
      if (k.startsWith('$'))
        fail(52, `_id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`);
      visit(child);
    }
  };
  if (isPlainObject(id)) visit(id);
}

/** MongoDB refuses an array or a regular expression as _id. */
function checkIdType(_id: unknown): void {
  if (
    Array.isArray(_id) ||
    (_id as { _bsontype?: string } | undefined)?._bsontype === 'BSONRegExp' ||
    _id instanceof RegExp
  )
    fail(ErrorCodes.BadValue ?? 2, `can't use a${Array.isArray(_id) ? 'n array' : ' regex'} for _id`);
}

/** Serialises a document to store: _id first (generated when missing). */
export function prepareDocument(typed: Document): { raw: Buffer; doc: Document } {
  const { _id, ...rest } = typed;
  validateIdFields(_id);
  checkIdType(_id);
  const out = Buffer.from(serialize({ _id: _id === undefined ? new ObjectId() : _id, ...rest }));
  return { raw: out, doc: toMatchable(out) };
}

/**
 * A document received as BSON, stored as it came but with _id first (generated when missing), as MongoDB
 * stores it: its bytes are moved rather than deserialised and serialised again.
 */
export function prepareRawDocument(raw: Buffer): { raw: Buffer; doc: Document } {
  const elements = elementsOf(raw, 0, raw.length);
  const ids = elements?.filter((e) => e.name === '_id');
  // bytes that do not add up, or two _id fields: the document is read the long way (and refused there)
  if (!elements || !ids || ids.length > 1) return prepareDocument(toTyped(raw));
  const id = ids[0];
  let stored = raw;
  if (!id) stored = Buffer.concat([raw.subarray(0, 4), NEW_ID_NAME, new ObjectId().id, raw.subarray(4)]);
  else if (id !== elements[0])
    stored = Buffer.concat([
      raw.subarray(0, 4),
      raw.subarray(id.start, id.end),
      raw.subarray(4, id.start),
      raw.subarray(id.end),
    ]);
  if (stored !== raw) stored.writeInt32LE(stored.length, 0);
  const doc = toMatchable(stored);
  validateIdFields(doc._id);
  checkIdType(doc._id);
  return { raw: stored, doc };
}

/** An ObjectId element's type byte and name, before its 12 bytes. */
const NEW_ID_NAME = Buffer.from([0x07, 0x5f, 0x69, 0x64, 0x00]);

export const insert: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'insert');
  const { items, raw } = ctx.sequences.get('documents')
    ? { items: undefined, raw: ctx.sequences.get('documents')! }
    : statements(ctx, 'documents');
  const ordered = ctx.body.ordered !== false;
  const count = raw ? raw.length : items!.length;
  const prepared: ({ raw: Buffer; doc: Document } | MongoServerError)[] = [];
  for (let i = 0; i < count; i++) {
    try {
      prepared.push(raw ? prepareRawDocument(raw[i]!) : prepareDocument(items![i]!.typed));
    } catch (err) {
      prepared.push(err as MongoServerError);
    }
  }
  const engine = ctx.state.engine;
  const validation = validationContext(ctx);
  const { n, errors } = await durableWrite(ctx, () => {
    const { meta } = engine.ensureCollection(ctx.db, name);
    let n = 0;
    const errors: Document[] = [];
    for (let i = 0; i < prepared.length; i++) {
      const p = prepared[i]!;
      try {
        if (p instanceof Error) throw p;
        validateDocument(validation, meta, p.raw, p.doc);
        checkCollatedUnique(engine, meta, p.doc);
        engine.insert(meta, p.raw, p.doc);
        n++;
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) break;
      }
    }
    return { n, errors };
  });
  return errors.length ? { n, writeErrors: errors, ok: 1 } : { n, ok: 1 };
};

interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** Document before (or after, when returnNew) for findAndModify. */
  value?: Buffer;
}

/** One update statement inside a write transaction. */
function updateOne(
  engine: Engine,
  ctx: CommandContext,
  name: string,
  stmt: {
    q: Document;
    typedQ: Document;
    u: Document | Document[];
    typedU: Document | Document[];
    multi: boolean;
    upsert: boolean;
    arrayFilters?: Document[];
    sort?: Document;
    returnNew?: boolean;
    options: MingoOptions;
    hint?: unknown;
  },
): UpdateOutcome {
  let meta = engine.getCollection(ctx.db, name);
  const { options } = stmt;
  const input = {
    spec: stmt.u,
    typedSpec: stmt.typedU,
    arrayFilters: stmt.arrayFilters,
    filter: stmt.q,
    options,
  };
  const targets: Buffer[] = [];
  if (meta) {
    const sort = parseSort(stmt.sort);
    if (sort.length)
      for (const raw of runQuery(engine, meta, {
        filter: stmt.q,
        sort,
        skip: 0,
        limit: 1,
        options,
        hint: stmt.hint,
      }))
        targets.push(raw);
    else
      for (const { raw } of matching(
        engine,
        meta,
        stmt.q,
        planQuery(meta, stmt.q, [], options, stmt.hint),
        undefined,
        options,
      )) {
        targets.push(raw);
        if (!stmt.multi) break;
      }
  }
  if (!targets.length) {
    if (!stmt.upsert) return { matched: 0, modified: 0 };
    const doc = buildUpsert(stmt.typedQ, input);
    const raw = Buffer.from(serialize(doc));
    meta ??= engine.ensureCollection(ctx.db, name).meta;
    validateDocument(validationContext(ctx), meta, raw, toMatchable(raw));
    checkCollatedUnique(engine, meta, toMatchable(raw));
    engine.insert(meta, raw, toMatchable(raw));
    return {
      matched: 0,
      modified: 0,
      upsertedId: toMatchable(raw)._id,
      value: stmt.returnNew ? raw : undefined,
    };
  }
  let modified = 0;
  let value: Buffer | undefined;
  for (const raw of targets) {
    const next = applyUpdate(toTyped(raw), toMatchable(raw), { ...input, upsertInsert: false });
    value = raw;
    if (!next) continue;
    const nextRaw = Buffer.from(serialize(next));
    validateDocument(validationContext(ctx), meta!, nextRaw, toMatchable(nextRaw), toMatchable(raw));
    checkCollatedUnique(engine, meta!, toMatchable(nextRaw));
    engine.replace(meta!, { raw, doc: toMatchable(raw) }, nextRaw, toMatchable(nextRaw));
    if (stmt.returnNew) value = nextRaw;
    modified++;
  }
  return { matched: targets.length, modified, value };
}

export const update: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'update');
  const { items } = statements(ctx, 'updates');
  const ordered = ctx.body.ordered !== false;
  const engine = ctx.state.engine;
  const letOptions = withLet(ctx.body.let);
  const defaultCollation = collectionCollation(engine, ctx.db, name);
  // refused for the whole command, before any statement runs, as MongoDB does
  if (items.some((it) => it.plain.sort !== undefined && it.plain.multi === true))
    fail(ErrorCodes.FailedToParse, 'Cannot specify sort with multi=true');
  const parsed = items.map((it) => {
    try {
      const q = docOrEmpty(it.plain.q, 'q');
      const options = withCollation(it.plain.collation ?? defaultCollation, letOptions);
      compileQuery(q, options);
      checkVariables(options, { filters: [q], pipelines: Array.isArray(it.plain.u) ? [it.plain.u] : [] });
      validateUpdate(it.plain.u);
      if (it.plain.u === undefined)
        fail(ErrorCodes.FailedToParse, "BSON field 'update.updates.u' is missing but a required field");
      return {
        q,
        typedQ: docOrEmpty(it.typed.q, 'q'),
        u: it.plain.u as Document,
        typedU: it.typed.u as Document,
        multi: it.plain.multi === true,
        upsert: it.plain.upsert === true,
        arrayFilters: it.plain.arrayFilters as Document[] | undefined,
        sort: it.plain.sort as Document | undefined,
        options,
        hint: parseHint(it.plain.hint),
      };
    } catch (err) {
      return err as MongoServerError;
    }
  });
  const result = await durableWrite(ctx, () => {
    let n = 0;
    let nModified = 0;
    const upserted: Document[] = [];
    const errors: Document[] = [];
    for (let i = 0; i < parsed.length; i++) {
      const stmt = parsed[i]!;
      try {
        if (stmt instanceof Error) throw stmt;
        if (stmt.multi && !Array.isArray(stmt.u) && !isOperatorUpdate(stmt.u))
          fail(ErrorCodes.FailedToParse, 'multi update is not supported for replacement-style update');
        const r = updateOne(engine, ctx, name, stmt);
        n += r.matched;
        nModified += r.modified;
        if (r.upsertedId !== undefined) {
          n += 1;
          upserted.push({ index: i, _id: r.upsertedId });
        }
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) break;
      }
    }
    return { n, nModified, upserted, errors };
  });
  const reply: Document = { n: result.n, nModified: result.nModified };
  if (result.upserted.length) reply.upserted = result.upserted;
  if (result.errors.length) reply.writeErrors = result.errors;
  reply.ok = 1;
  return reply;
};

export const del: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, 'delete');
  const { items } = statements(ctx, 'deletes');
  const ordered = ctx.body.ordered !== false;
  const engine = ctx.state.engine;
  const letOptions = withLet(ctx.body.let);
  const defaultCollation = collectionCollation(engine, ctx.db, name);
  const result = await durableWrite(ctx, () => {
    let n = 0;
    const errors: Document[] = [];
    const meta = engine.getCollection(ctx.db, name);
    for (let i = 0; i < items.length; i++) {
      try {
        const q = docOrEmpty(items[i]!.plain.q, 'q');
        const options = withCollation(items[i]!.plain.collation ?? defaultCollation, letOptions);
        compileQuery(q, options);
        checkVariables(options, { filters: [q] });
        const limit = num(items[i]!.plain.limit);
        if (!meta) continue;
        if (Object.keys(q).length === 0 && limit !== 1) {
          n += engine.truncate(meta);
          continue;
        }
        // keep only the stored bytes of the targets; documents are deserialised again one at a time
        const targets: Buffer[] = [];
        const hint = parseHint(items[i]!.plain.hint);
        for (const t of matching(
          engine,
          meta,
          q,
          planQuery(meta, q, [], options, hint),
          undefined,
          options,
        )) {
          targets.push(t.raw);
          if (limit === 1) break;
        }
        for (const raw of targets) engine.remove(meta, { raw, doc: toMatchable(raw) });
        n += targets.length;
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) break;
      }
    }
    return { n, errors };
  });
  return result.errors.length ? { n: result.n, writeErrors: result.errors, ok: 1 } : { n: result.n, ok: 1 };
};

export const findAndModify: CommandHandler = async (ctx) => {
  const name = collectionName(ctx, Object.keys(ctx.body)[0] ?? 'findAndModify');
  const b = ctx.body;
  const query = docOrEmpty(b.query, 'query');
  const options = withCollation(
    b.collation ?? collectionCollation(ctx.state.engine, ctx.db, name),
    withLet(b.let),
  );
  compileQuery(query, options);
  checkVariables(options, { filters: [query], pipelines: Array.isArray(b.update) ? [b.update] : [] });
  const remove = b.remove === true;
  if (!remove && b.update === undefined)
    fail(ErrorCodes.FailedToParse, 'Either an update or remove=true must be specified');
  if (remove && b.update !== undefined)
    fail(ErrorCodes.FailedToParse, 'Cannot specify both an update and remove=true');
  if (remove && b.upsert === true)
    fail(ErrorCodes.FailedToParse, 'Cannot specify both upsert=true and remove=true');
  if (!remove) validateUpdate(b.update);
  const project = makeProjector(b.fields as Document | undefined, options);
  const engine = ctx.state.engine;
  const out = await durableWrite(ctx, () => {
    if (remove) {
      const meta = engine.getCollection(ctx.db, name);
      if (!meta) return { lastErrorObject: { n: 0 }, value: undefined as Buffer | undefined };
      const sort = parseSort(b.sort);
      for (const raw of runQuery(engine, meta, {
        filter: query,
        sort,
        skip: 0,
        limit: 1,
        options,
        hint: parseHint(b.hint),
      })) {
        engine.remove(meta, { raw, doc: toMatchable(raw) });
        return { lastErrorObject: { n: 1 }, value: raw };
      }
      return { lastErrorObject: { n: 0 }, value: undefined };
    }
    const r = updateOne(engine, ctx, name, {
      q: query,
      typedQ: docOrEmpty(ctx.typed.query, 'query'),
      u: b.update as Document,
      typedU: ctx.typed.update as Document,
      multi: false,
      upsert: b.upsert === true,
      arrayFilters: b.arrayFilters as Document[] | undefined,
      sort: b.sort as Document | undefined,
      returnNew: b.new === true,
      options,
      hint: parseHint(b.hint),
    });
    const leo: Document = {
      n: r.matched || (r.upsertedId !== undefined ? 1 : 0),
      updatedExisting: r.matched > 0,
    };
    if (r.upsertedId !== undefined) leo.upserted = r.upsertedId;
    return { lastErrorObject: leo, value: r.value };
  });
  const value = out.value
    ? deserialize(project ? project(out.value, query) : out.value, { promoteValues: false })
    : null;
  return { lastErrorObject: out.lastErrorObject, value, ok: 1 };
};

export type { CollectionMeta };
export { isPlainObject };
