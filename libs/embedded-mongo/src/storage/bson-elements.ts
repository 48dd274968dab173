// The top-level elements of a BSON document read from its bytes, each checked to lie inside the document, so
// that bytes from a client can be taken apart (or left alone when they do not add up) without deserialising.

/** Bytes of the value of an element of BSON type `type` at `at`, or undefined when it does not fit `limit`. */
function valueSize(b: Buffer, type: number, at: number, limit: number): number | undefined {
  const int32 = (): number | undefined => (at + 4 <= limit ? b.readInt32LE(at) : undefined);
  const cstringEnd = (from: number): number | undefined => {
    const end = b.indexOf(0, from);
    return end >= 0 && end < limit ? end + 1 : undefined;
  };
  let size: number | undefined;
  switch (type) {
    case 0x01:
    case 0x09:
    case 0x11:
    case 0x12:
      size = 8;
      break;
    case 0x02:
    case 0x0d:
    case 0x0e: {
      const n = int32();
      size = n !== undefined && n >= 1 ? 4 + n : undefined;
      break;
    }
    case 0x03:
    case 0x04:
    case 0x0f: {
      const n = int32();
      size = n !== undefined && n >= 5 ? n : undefined;
      break;
    }
    case 0x05: {
      const n = int32();
      size = n !== undefined && n >= 0 ? 5 + n : undefined;
      break;
    }
    case 0x06:
    case 0x0a:
    case 0xff:
    case 0x7f:
      size = 0;
      break;
    case 0x07:
      size = 12;
      break;
    case 0x08:
      size = 1;
      break;
    case 0x0b: {
      const pattern = cstringEnd(at);
      const options = pattern === undefined ? undefined : cstringEnd(pattern);
      size = options === undefined ? undefined : options - at;
      break;
    }
    case 0x0c: {
      const n = int32();
      size = n !== undefined && n >= 1 ? 4 + n + 12 : undefined;
      break;
    }
    case 0x10:
      size = 4;
      break;
    case 0x13:
      size = 16;
      break;
  }
  return size !== undefined && at + size <= limit ? size : undefined;
}

export interface Element {
  start: number;
  name: string;
  type: number;
  value: number;
  end: number;
}

/** The elements of the document that spans [from, to) of `b`, or undefined when they do not fit it exactly. */
export function elementsOf(b: Buffer, from: number, to: number): Element[] | undefined {
  const out: Element[] = [];
  const last = to - 1;
  if (b[last] !== 0) return undefined;
  let i = from + 4;
  while (i < last) {
    const type = b[i]!;
    const nameEnd = b.indexOf(0, i + 1);
    if (nameEnd < 0 || nameEnd >= last) return undefined;
    const value = nameEnd + 1;
    const size = valueSize(b, type, value, last);
    if (size === undefined) return undefined;
    out.push({ start: i, name: b.toString('latin1', i + 1, nameEnd), type, value, end: value + size });
    i = value + size;
  }
  return i === last ? out : undefined;
}
