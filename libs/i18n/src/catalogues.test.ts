import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { UI_LOCALE_CODES } from '@platform/contracts';
import { flattenCatalogue, readCatalogues } from './testing/readCatalogues';

const repoRoot = path.resolve(__dirname, '../../..');
const projects = readCatalogues(repoRoot);

/** Texts that read the same in every language: names, codes, formats. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'OK',
  'English',
  'Hausa',
  'Igbo',
  'Yorùbá',
  'Yoruba',
  'Nigerian Pidgin',
  'CSV',
  'JSON',
  'DICOM',
  'WAV',
  'TXT',
  'Google',
  'Email',
  'Data',
]);
const onlySymbols = (text: string) => !/\p{L}/u.test(text.replace(/\{[^}]*\}/g, ''));

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}
const argumentNames = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true }))].sort();

// Letters only Yoruba, Hausa and Igbo spelling has: a Yoruba sentence with none of them is written without its
// tone marks (a word of one syllable in mid tone, like "ni", is the only text that may go without).
const YORUBA_MARKS = /[\u0300\u0301\u0323ẹọṣẸỌṢàáèéìíòóùúÀÁÈÉÌÍÒÓÙÚǹńŃǸ]/;
const yorubaWords = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0 && !SAME_IN_EVERY_LANGUAGE.has(word) && !/^[A-Z]{2,}$/.test(word));

describe('the interface catalogues', () => {
  it('exist for the shell and every remote', () => {
    expect([...new Set(projects.map((p) => p.project))].sort()).toEqual(
      ['mf-auth', 'mf-contribute', 'mf-datasets', 'mf-marketing', 'mf-workspace', 'shell'].sort(),
    );
  });

  // Each catalogue folder: the project's own (src/i18n) and those of lazily loaded parts with their namespace.
  describe.each(projects.map((p) => [`${p.project}/${p.folder}`, p] as const))(
    '%s',
    (_folder, { locales }) => {
      const english = flattenCatalogue(locales.en ?? {});

      it('has one catalogue per interface language', () => {
        expect(Object.keys(locales).sort()).toEqual([...UI_LOCALE_CODES].sort());
      });

      it('has valid ICU messages in English', () => {
        for (const [key, message] of Object.entries(english)) {
          expect(() => parse(message, { ignoreTag: true })).not.toThrow(`${key}`);
        }
      });

      describe.each(UI_LOCALE_CODES.filter((code) => code !== 'en').map((code) => [code]))('%s', (code) => {
        const translated = flattenCatalogue(locales[code] ?? {});

        it('has exactly the keys English has', () => {
          const missing = Object.keys(english).filter((key) => !(key in translated));
          const extra = Object.keys(translated).filter((key) => !(key in english));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('uses the same placeholders as English in every message', () => {
          const mismatched = Object.keys(english)
            .filter((key) => key in translated)
            .filter((key) => argumentNames(english[key]!).join() !== argumentNames(translated[key]!).join());
          expect(mismatched).toEqual([]);
        });

        it('translates every message rather than copying the English', () => {
          const copied = Object.entries(translated)
            .filter(([key, value]) => value === english[key])
            .filter(([, value]) => !SAME_IN_EVERY_LANGUAGE.has(value) && !onlySymbols(value))
            .map(([key, value]) => `${key}: ${value}`);
          expect(copied).toEqual([]);
        });

        it('is written in Unicode NFC', () => {
          const decomposed = Object.entries(translated)
            .filter(([, value]) => value !== value.normalize('NFC'))
            .map(([key]) => key);
          expect(decomposed).toEqual([]);
        });
      });

      it('writes Yoruba with its tone marks and underdots', () => {
        const yoruba = flattenCatalogue(locales.yo ?? {});
        const unmarked = Object.entries(yoruba)
          .filter(([, value]) => yorubaWords(value).length > 1 && !YORUBA_MARKS.test(value))
          .map(([key, value]) => `${key}: ${value}`);
        expect(unmarked).toEqual([]);
      });
    },
  );

  it('spells Hausa with its hooked letters and Igbo with its dotted vowels', () => {
    const all = (code: string) =>
      projects.flatMap((p) => Object.values(flattenCatalogue(p.locales[code] ?? {}))).join('\n');
    // Common words whose plain-letter spelling would be a typing shortcut, not Hausa.
    expect(all('ha')).not.toMatch(/\b(Kara|kara|Bude|bude|daya|dan lokaci)\b/);
    expect(all('ha')).toMatch(/[ɓɗƙƴƁƊƘƳ]/);
    expect(all('ig')).not.toMatch(/\b(nke a|Biko nwaa ozo|ozo)\b/);
    expect(all('ig')).toMatch(/[ịọụṅỊỌỤṄ]/);
  });
});
