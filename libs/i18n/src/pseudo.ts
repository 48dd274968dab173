import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue } from './types';

/**
 * The pseudo-locale (PSEUDO_LOCALE): English with every letter accented and each message bracketed,
 * "[Śîĝñ Îñ]". A screen rendered in it shows at a glance (and to a test) any text that did not come from a
 * catalogue. The page loads this module (and its ICU parser) only when the pseudo-locale is chosen.
 */
export { PSEUDO_LOCALE } from './types';
export type { Catalogue } from './types';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Đ',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

export const PSEUDO_OPEN = '[';
export const PSEUDO_CLOSE = ']';

const accent = (text: string) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([rule, option]) => [
          rule,
          { ...option, value: accentElements(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: accentElements(element.children) };
    return element;
  });
}

/** One ICU message in the pseudo-locale: literal text accented, placeholders and plural rules untouched. */
export function pseudoLocalise(message: string): string {
  const ast = parse(message, { ignoreTag: true });
  return `${PSEUDO_OPEN}${printAST(accentElements(ast))}${PSEUDO_CLOSE}`;
}

/** A whole catalogue (nested sections) in the pseudo-locale. */
export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoLocalise(value) : pseudoCatalogue(value),
    ]),
  );
}

/**
 * Whether a piece of on-screen text came through the pseudo-locale. Every pseudo-localised message is
 * bracketed, and values put into a message (a person's name) sit inside its brackets; so once the bracketed
 * parts are removed no Latin letter may remain. Text without letters ("404", "3 / 5") passes.
 */
export function isPseudoLocalised(text: string): boolean {
  let rest = text;
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(/\[[^[\]]*\]/g, '');
  }
  return !/[A-Za-z]/.test(rest);
}
