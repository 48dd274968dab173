// Values people and scripts send that a form never would: text that is valid Unicode in name only, JSON nested
// past any sane depth, strings at and past their limits, and header values a browser would not make. Each is
// a fast-check arbitrary so a failing case shrinks to the smallest hostile value that breaks a route.
import fc from 'fast-check';

/** Depth of the deep JSON documents: past the stack of a naive recursive walker. */
export const DEEP_JSON_LEVELS = 10_000;

/**
 * Pieces of text that trip code assuming well-formed, composed, printable text: a lone surrogate (no UTF-8 for
 * it), NUL, right-to-left and zero-width marks, stacked combining marks, Yoruba in decomposed form (not NFC),
 * a byte-order mark, an emoji outside the BMP, a character above U+FFFF split, Mongo operator and dotted keys.
 */
export const HOSTILE_PIECES: readonly string[] = [
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\u0000',
  'x\u0000y',
  '\u202E\u202Dabc',
  '\u200F\u200E\u200B\u2060',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  'O\u0323\u0300ja\u0300 ma\u0301a\u0300 n\u0301 s\u0323i\u0301',
  'E\u0323 ka\u0301a\u0300a\u0301ro\u0323\u0300',
  '\uFEFF',
  '👩🏽‍🔬🇳🇬',
  '\u{1F600}'.slice(0, 1),
  '$gt',
  'a.b',
  '__proto__',
  '../../etc/passwd',
  '%00',
  '%',
  '<img src=x onerror=alert(1)>',
  '\r\n',
  ' ',
  '',
];

export const hostilePiece = () => fc.constantFrom(...HOSTILE_PIECES);

/** Short text built from hostile pieces and arbitrary code units (lone surrogates included). */
export const hostileText = (maxPieces = 4) =>
  fc
    .array(fc.oneof(hostilePiece(), fc.string({ unit: 'binary', maxLength: 6 })), {
      minLength: 1,
      maxLength: maxPieces,
    })
    .map((parts) => parts.join(''));

/** JSON text nested `levels` deep, as arrays or as objects. */
export function deepJson(levels: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}1${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A value nested `levels` deep (to place inside a body that is otherwise well formed). */
export function deepValue(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** Strings of a length around a bound: at it, one past it, and far past it (a megabyte and more). */
export const lengthsAround = (limit: number | undefined): number[] =>
  limit === undefined ? [4096, 70_000, 1_100_000] : [limit, limit + 1, limit * 2 + 10, 1_100_000];

/** Range header values a byte-serving route must refuse or ignore, never fail on. */
export const BAD_RANGES: readonly string[] = [
  'bytes=abc',
  'bytes=5-2',
  'bytes=-0',
  'bytes=-',
  'bytes=0-',
  'bytes=99999999999999999999-',
  'bytes=0-99999999999999999999',
  'bytes=-99999999999999999999',
  'bytes=1.5-2',
  'bytes= 0 - 1 ',
  'items=0-1',
  'bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9,10-10,11-11,12-12,13-13,14-14,15-15,16-16,17-17',
  `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`,
  'bytes=0-1, 0-1',
  'bytes=18446744073709551616-18446744073709551617',
  'bytes=NaN-Infinity',
  '',
];

/** Idempotency-Key values a client must not send: too short, too long, not printable ASCII, empty. */
export const BAD_IDEMPOTENCY_KEYS: readonly string[] = [
  '',
  'short',
  '1234567',
  'k'.repeat(201),
  'k'.repeat(10_000),
  'clé-de-réessai',
  'key\u0000with-nul',
  'key\twith-tab-123',
  ' padded-key-1234 ',
];

/** Cookie header values: oversized, malformed, a session cookie twice, a forged or truncated session. */
export function badCookies(session: string | null): string[] {
  const value = session?.split('=').slice(1).join('=') ?? 'abc';
  return [
    `plt=${'a'.repeat(8_000)}`,
    `plt=${'a'.repeat(15_000)}`,
    'plt=',
    'plt',
    '=',
    ';;;;',
    'plt=%%%%',
    'plt=%E0%A4%A',
    `plt=${value}; plt=${value}`,
    `plt=${value}x`,
    `plt=${value.slice(0, Math.max(1, value.length - 3))}`,
    `plt=${value.split('').reverse().join('')}`,
    `plt="${value}"`,
    `plt=${value}; plt=forged`,
    Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join('; '),
    `plt=${Buffer.from('ọ̀\u0000', 'utf8').toString('latin1')}`,
  ];
}

/** Authorization header values: empty, wrong scheme, a token of the wrong shape, far too long. */
export const BAD_AUTHORIZATIONS: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer x',
  `Bearer ${'t'.repeat(20_000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer plt_0000000000000000000000000000000000000000',
  'Bearer plt_0000000000000000000000000000000000000000',
  'Token abc',
];

/** Text with its UTF-8 bytes as Latin-1 characters: how arbitrary bytes can travel in an HTTP header. */
export const asHeaderBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
