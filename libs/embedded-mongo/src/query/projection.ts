// Projection that keeps exact BSON types for plain inclusion/exclusion; operator projections ($slice,
// $elemMatch, positional, expressions) are delegated to mingo.
import { serialize, type Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import { isPlainObject } from './paths';
import {
  compileQuery,
  translateMingoError,
  pipelineOptions,
  type MingoOptions,
} from '../storage/mingo-context';
import { fromPipelineValue, pipelineDocument } from '../storage/bson-number';
import { Query } from 'mingo/query';
import { toTyped } from '../storage/engine';
import { elementsOf, type Element } from '../storage/bson-elements';

export interface Projector {
  (raw: Buffer, filter: Document): Buffer;
}

const truthyFlag = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  const t = (v as { _bsontype?: string })?._bsontype;
  if (t === 'Int32' || t === 'Double' || t === 'Long') return Number(v) !== 0;
  return undefined;
};

export function makeProjector(
  projection: Document | undefined,
  options: MingoOptions = pipelineOptions,
): Projector | undefined {
  // the command's variables and collation, with the pipeline operators that keep BSON number types
  const projectOptions: MingoOptions = {
    ...pipelineOptions,
    variables: options.variables,
    collation: options.collation,
  };
  if (!projection || !isPlainObject(projection) || Object.keys(projection).length === 0) return undefined;
  const entries = Object.entries(projection);
  const simple = entries.every(([k, v]) => truthyFlag(v) !== undefined && !k.includes('$'));
  if (!simple) {
    return (raw, filter) => {
      try {
        // on the pipeline form of the document, so that numbers keep their BSON type
        const [out] = new Query(filter, projectOptions).find([pipelineDocument(raw)], projection).all();
        return Buffer.from(serialize(fromPipelineValue(out) as Document));
      } catch (err) {
        throw translateMingoError(err);
      }
    };
  }
  let includeId = true;
  const include: string[] = [];
  const exclude: string[] = [];
  for (const [k, v] of entries) {
    const on = truthyFlag(v)!;
    if (k === '_id') includeId = on;
    else (on ? include : exclude).push(k);
  }
  if (include.length && exclude.length)
    fail(
      ErrorCodes.ExclusionInInclusionProjection,
      `Cannot do exclusion on field ${exclude[0]} in inclusion projection`,
    );
  const topLevel = [...include, ...exclude].every((path) => !path.includes('.'));
  if (topLevel) return elementProjector(include, exclude, includeId);
  return (raw) => {
    const doc = toTyped(raw);
    let out: Document;
    if (include.length) {
      out = {};
      if (includeId && '_id' in doc) out._id = doc._id;
      for (const path of include) copyPath(doc, out, path.split('.'));
    } else {
      out = doc;
      if (!includeId) delete out._id;
      for (const path of exclude) removePath(out, path.split('.'));
    }
    return Buffer.from(serialize(out));
  };
}

/**
 * A projection of top-level fields only, made by copying the kept elements' bytes: the stored values come back
 * exactly as stored, and no document is deserialised (a large document projected to one field costs a walk of
 * its top-level names). Inclusion gives _id first, then the fields in the projection's order; exclusion keeps
 * the document's order. A document whose bytes do not add up goes through bson like any other projection.
 */
function elementProjector(include: string[], exclude: string[], includeId: boolean): Projector {
  const wanted = include.map((path) => Buffer.from(path, 'utf8').toString('latin1'));
  const dropped = new Set(exclude.map((path) => Buffer.from(path, 'utf8').toString('latin1')));
  if (!includeId) dropped.add('_id');
  const slow = (raw: Buffer): Buffer => {
    const doc = toTyped(raw);
    const out: Document = {};
    if (include.length) {
      if (includeId && '_id' in doc) out._id = doc._id;
      for (const path of include) if (path in doc) out[path] = doc[path];
      return Buffer.from(serialize(out));
    }
    for (const name of dropped) delete doc[name];
    return Buffer.from(serialize(doc));
  };
  return (raw) => {
    const elements = elementsOf(raw, 0, raw.length);
    if (!elements) return slow(raw);
    const byName = new Map<string, Element>();
    for (const e of elements) byName.set(e.name, e);
    // a name given twice is read by bson as one field holding the last value
    if (byName.size !== elements.length) return slow(raw);
    let kept: Element[];
    if (include.length) {
      kept = [];
      const id = includeId ? byName.get('_id') : undefined;
      if (id) kept.push(id);
      for (const name of wanted) {
        const e = byName.get(name);
        if (e && name !== '_id') kept.push(e);
      }
    } else kept = elements.filter((e) => !dropped.has(e.name));
    let size = 5;
    for (const e of kept) size += e.end - e.start;
    const out = Buffer.allocUnsafe(size);
    out.writeInt32LE(size, 0);
    let at = 4;
    for (const e of kept) at += raw.copy(out, at, e.start, e.end);
    out[at] = 0;
    return out;
  };
}

function copyPath(src: unknown, dst: Document, parts: string[]): void {
  if (!isPlainObject(src)) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (!(head in src)) return;
  const v = src[head];
  if (!rest.length) {
    dst[head] = v;
    return;
  }
  if (Array.isArray(v)) {
    const arr = (Array.isArray(dst[head]) ? dst[head] : []) as unknown[];
    v.forEach((item, i) => {
      if (!isPlainObject(item)) return;
      const target = (isPlainObject(arr[i]) ? arr[i] : {}) as Document;
      copyPath(item, target, rest);
      arr[i] = target;
    });
    dst[head] = arr.filter((x) => x !== undefined);
  } else if (isPlainObject(v)) {
    const target = (isPlainObject(dst[head]) ? dst[head] : {}) as Document;
    copyPath(v, target, rest);
    dst[head] = target;
  }
}

function removePath(obj: unknown, parts: string[]): void {
  if (Array.isArray(obj)) {
    for (const item of obj) removePath(item, parts);
    return;
  }
  if (!isPlainObject(obj)) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (!rest.length) delete obj[head];
  else removePath(obj[head], rest);
}

export { compileQuery, ErrorCodes };
