// Collation (locale-aware string comparison) through the platform's ICU, Intl.Collator: MongoDB's collation
// document is validated and mapped to Intl options; `simple` (or none) keeps binary string order.
import type { Document } from 'bson';
import type { CollationSpec } from 'mingo/types';
import { ErrorCodes, fail } from '../errors';
import type { MingoOptions } from '../storage/mingo-context';
import { isPlainObject } from './paths';

const FIELDS = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

const shown = (spec: Document) => JSON.stringify(spec).replace(/"(\w+)":/g, '$1: ');

/** The collation of a command or index, or undefined for binary order (`simple` or absent). */
export function parseCollation(spec: unknown): CollationSpec | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) fail(ErrorCodes.TypeMismatch, `collation must be an object, not ${typeof spec}`);
  const c = spec as Document;
  for (const k of Object.keys(c))
    if (!FIELDS.has(k)) fail(40415, `BSON field 'collation.${k}' is an unknown field.`);
  if (typeof c.locale !== 'string')
    fail(ErrorCodes.FailedToParse, "BSON field 'collation.locale' is missing but a required field");
  if (c.locale === 'simple') {
    if (Object.keys(c).length > 1)
      fail(ErrorCodes.BadValue, `If "locale" is set to "simple", no other fields may be set: ${shown(c)}`);
    return undefined;
  }
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf(String(c.locale).replace(/_/g, '-'));
  } catch {
    supported = [];
  }
  if (!supported.length) fail(ErrorCodes.BadValue, `Field 'locale' is invalid in: ${shown(c)}`);
  const strength = c.strength === undefined ? 3 : Number(c.strength);
  if (![1, 2, 3, 4, 5].includes(strength))
    fail(ErrorCodes.BadValue, `Field 'strength' must be an integer 1 through 5. Got: ${String(c.strength)}`);
  if (c.alternate !== undefined && c.alternate !== 'non-ignorable' && c.alternate !== 'shifted')
    fail(
      ErrorCodes.FailedToParse,
      `Field 'alternate' must be 'non-ignorable' or 'shifted'. Got: ${String(c.alternate)}`,
    );
  if (c.caseFirst !== undefined && !['upper', 'lower', 'off'].includes(String(c.caseFirst)))
    fail(
      ErrorCodes.FailedToParse,
      `Field 'caseFirst' must be 'upper', 'lower' or 'off'. Got: ${String(c.caseFirst)}`,
    );
  if (c.backwards === true)
    fail(ErrorCodes.NotImplemented, "collation 'backwards: true' is not supported by this server");
  return {
    locale: supported[0]!,
    strength: Math.min(strength, 3) as 1 | 2 | 3,
    caseLevel: c.caseLevel === true,
    caseFirst: c.caseFirst as CollationSpec['caseFirst'],
    numericOrdering: c.numericOrdering === true,
    alternate: c.alternate as string | undefined,
  };
}

const SENSITIVITY = { 1: 'base', 2: 'accent', 3: 'variant' } as const;
const cache = new Map<string, Intl.Collator>();

/** The Intl.Collator of a collation (cached): strength 1 ignores case and accents, 2 case, 3 neither. */
export function collatorOf(spec: CollationSpec | undefined): Intl.Collator | undefined {
  if (!spec) return undefined;
  const key = JSON.stringify(spec);
  let collator = cache.get(key);
  if (!collator) {
    let sensitivity: Intl.CollatorOptions['sensitivity'] = SENSITIVITY[spec.strength ?? 3];
    if (spec.caseLevel) sensitivity = sensitivity === 'base' ? 'case' : 'variant';
    collator = new Intl.Collator(spec.locale, {
      sensitivity,
      numeric: spec.numericOrdering === true,
      ignorePunctuation: spec.alternate === 'shifted',
      caseFirst: spec.caseFirst === 'off' ? 'false' : spec.caseFirst,
      usage: 'sort',
    });
    cache.set(key, collator);
  }
  return collator;
}

/** The collator that mingo options carry, if any. */
export const collatorFromOptions = (options: unknown): Intl.Collator | undefined =>
  collatorOf((options as { collation?: CollationSpec } | undefined)?.collation);

/** Options with the command's collation added. */
export function withCollation(spec: unknown, base: MingoOptions): MingoOptions {
  const collation = parseCollation(spec);
  return collation ? { ...base, collation } : base;
}

/** A collection's default collation (from `create`), used when a command names none. */
export function collectionCollation(
  engine: { getCollection(db: string, name: string): { options: Document } | undefined },
  db: string,
  name: unknown,
): unknown {
  return typeof name === 'string' ? engine.getCollection(db, name)?.options.collation : undefined;
}
