// Dotted-path helpers with MongoDB's array traversal rules (a path through an array visits its elements).

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  !(v instanceof Date) &&
  !(v instanceof RegExp) &&
  !(v as { _bsontype?: string })._bsontype &&
  !Buffer.isBuffer(v);

export { isPlainObject };

/**
 * Every value a path reaches, as an index sees it: arrays met on the way are traversed, a terminal array yields
 * its elements (an empty one yields undefined) and a missing field yields undefined.
 */
export function pathValues(doc: unknown, path: string, expandLeaf = true): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out, expandLeaf);
  return out.length ? out : [undefined];
}

function collect(value: unknown, parts: string[], i: number, out: unknown[], expandLeaf: boolean): void {
  if (i === parts.length) {
    if (Array.isArray(value) && expandLeaf) {
      if (value.length === 0) out.push(undefined);
      else for (const item of value) out.push(item);
    } else out.push(value);
    return;
  }
  const part = parts[i]!;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) {
      const idx = Number(part);
      if (idx < value.length) collect(value[idx], parts, i + 1, out, expandLeaf);
    }
    let visited = false;
    for (const item of value) {
      if (isPlainObject(item)) {
        collect(item, parts, i, out, expandLeaf);
        visited = true;
      }
    }
    if (!visited && !/^\d+$/.test(part)) out.push(undefined);
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) {
    collect(value[part], parts, i + 1, out, expandLeaf);
    return;
  }
  out.push(undefined);
}

/** The single value at a path without array traversal (undefined when missing). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (isPlainObject(cur)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** Sets a value at a dotted path, creating intermediate objects. */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Record<string, unknown> = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!;
    if (!isPlainObject(cur[p]) && !Array.isArray(cur[p])) cur[p] = {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}
