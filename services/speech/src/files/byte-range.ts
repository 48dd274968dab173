export type RangeOutcome =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14): one `bytes=` range, `start-end`, `start-`
 * or `-suffix`. A header we do not understand, or several ranges, is ignored (the whole file is sent), as the
 * RFC allows; a well-formed range that lies outside the file is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeOutcome {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}

/**
 * RFC 9110 §13.1.5: a Range is honoured only while the file is still the one the client started on. If-Range
 * holds either a strong entity tag (compared exactly with ours) or a date (equal to our Last-Modified); with
 * no If-Range the Range stands. A file without validators never matches an If-Range.
 */
export function ifRangeAllows(
  ifRange: string | undefined,
  validators: { etag?: string; lastModified?: string },
): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return validators.etag !== undefined && value === validators.etag;
  if (value.startsWith('W/')) return false;
  return validators.lastModified !== undefined && value === validators.lastModified;
}
