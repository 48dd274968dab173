// Renders values the way MongoDB's error messages do (e.g. `dup key: { email: "a" }`).
import { isPlainObject } from '../query/paths';

export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  if (Array.isArray(v)) return `[ ${v.map(formatValue).join(', ')} ]`;
  const t = (v as { _bsontype?: string })._bsontype;
  if (t === 'ObjectId') return `ObjectId('${String(v)}')`;
  if (t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128') return String(v);
  if (isPlainObject(v)) {
    const parts = Object.entries(v).map(([k, x]) => `${k}: ${formatValue(x)}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return String(v);
}
