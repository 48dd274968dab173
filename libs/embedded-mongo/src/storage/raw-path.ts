// The BSON type of the value a path reaches, read from the stored bytes without deserialising the document.
// Index keys encode numbers by value (an int32 2, a double 2.0 and an int64 2 share one key), so each index
// entry also stores this type byte per field: with it a key can be turned back into the exact stored value.

/** Type bytes kept in index entries. Anything but these means "read the document". */
export const EntryType = {
  missing: 0x00,
  double: 0x01,
  string: 0x02,
  objectId: 0x07,
  bool: 0x08,
  date: 0x09,
  null: 0x0a,
  int32: 0x10,
  int64: 0x12,
  minKey: 0xff,
  maxKey: 0x7f,
  negativeZero: 0x21,
  /** The path crossed an array (the key is one of several values, or an element, not the field's value). */
  array: 0x40,
  /** A dotted path whose leaf is missing below an existing parent (a projection would keep the parent). */
  missingBelow: 0x41,
  /** A type whose key loses detail (documents, binary, regex, timestamp, decimal, ...). */
  other: 0x42,
} as const;

const SIMPLE = new Set<number>([0x02, 0x07, 0x08, 0x09, 0x0a, 0x10, 0x12, 0xff, 0x7f]);

/** Bytes of a BSON element's value, from the byte after its name. */
function valueLength(raw: Uint8Array, view: DataView, type: number, at: number): number {
  switch (type) {
    case 0x01:
    case 0x09:
    case 0x11:
    case 0x12:
      return 8;
    case 0x02:
    case 0x0d:
    case 0x0e:
      return 4 + view.getInt32(at, true);
    case 0x03:
    case 0x04:
    case 0x0f:
      return view.getInt32(at, true);
    case 0x05:
      return 5 + view.getInt32(at, true);
    case 0x06:
    case 0x0a:
    case 0xff:
    case 0x7f:
      return 0;
    case 0x07:
      return 12;
    case 0x08:
      return 1;
    case 0x0b: {
      let i = at;
      while (raw[i] !== 0) i++;
      i++;
      while (raw[i] !== 0) i++;
      return i + 1 - at;
    }
    case 0x0c:
      return 4 + view.getInt32(at, true) + 12;
    case 0x10:
      return 4;
    case 0x13:
      return 16;
    default:
      throw new RangeError(`unknown BSON type ${type}`);
  }
}

/** One embedded document's fields, listed in one pass: [name start, name length, type, value offset] × n. */
function fieldsOf(raw: Uint8Array, view: DataView, doc: number): number[] {
  const fields: number[] = [];
  const end = doc + view.getInt32(doc, true) - 1;
  let i = doc + 4;
  while (i < end) {
    const type = raw[i]!;
    let j = i + 1;
    while (raw[j] !== 0) j++;
    const at = j + 1;
    fields.push(i + 1, j - i - 1, type, at);
    i = at + valueLength(raw, view, type, at);
  }
  return fields;
}

/**
 * A stored document read for its index entries' type bytes: each embedded document's fields are listed once
 * (in one pass over its bytes, without decoding names) however many indexed paths go through it.
 */
export class RawPaths {
  private readonly view: DataView;
  private readonly buf: Buffer;
  private readonly docs = new Map<number, number[]>();

  constructor(raw: Uint8Array) {
    this.buf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    this.view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  }

  private find(doc: number, name: Buffer): { type: number; at: number } | undefined {
    let fields = this.docs.get(doc);
    if (!fields) {
      fields = fieldsOf(this.buf, this.view, doc);
      this.docs.set(doc, fields);
    }
    for (let f = 0; f < fields.length; f += 4) {
      const start = fields[f]!;
      const len = fields[f + 1]!;
      if (len === name.length && this.buf.compare(name, 0, len, start, start + len) === 0)
        return { type: fields[f + 2]!, at: fields[f + 3]! };
    }
    return undefined;
  }

  /** The entry type byte of the value `parts` reaches. */
  leafType(parts: readonly Buffer[]): number {
    let doc = 0;
    for (let p = 0; p < parts.length; p++) {
      const found = this.find(doc, parts[p]!);
      if (!found) return p === 0 ? EntryType.missing : EntryType.missingBelow;
      const { type, at } = found;
      if (type === 0x04) return EntryType.array;
      if (p === parts.length - 1) {
        if (type === 0x01)
          return Object.is(this.view.getFloat64(at, true), -0) ? EntryType.negativeZero : 0x01;
        return SIMPLE.has(type) ? type : EntryType.other;
      }
      // a path through a scalar reaches nothing, and a projection keeps nothing of it
      if (type !== 0x03) return EntryType.missing;
      doc = at;
    }
    return EntryType.other;
  }
}

/** The entry type byte of the value `parts` reaches in a stored document. */
export const leafType = (raw: Uint8Array, parts: readonly Buffer[]): number =>
  new RawPaths(raw).leafType(parts);

/** A path split into the byte names leafType() compares. */
export const pathParts = (path: string): Buffer[] => path.split('.').map((p) => Buffer.from(p, 'utf8'));
