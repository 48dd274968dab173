import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogueNeedsFullIcu, loadFullIcu, messageFormat, needsFullIcu } from './format';
import { flattenCatalogue, readCatalogues } from './testing/readCatalogues';

const icu = (message: string, values: Record<string, unknown>) =>
  String(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).format(values));
const format = (message: string, values?: Record<string, unknown>) =>
  messageFormat.parse(message, values, 'en');

describe('the message format', () => {
  it('fills {name} placeholders without the ICU parser', () => {
    expect(needsFullIcu('Profile menu: {name}')).toBe(false);
    expect(format('Profile menu: {name}', { name: 'Adaeze Okafor' })).toBe('Profile menu: Adaeze Okafor');
    expect(format('{count} of {total}', { count: 0, total: 5 })).toBe('0 of 5');
    expect(format("Don't worry, it's kept")).toBe("Don't worry, it's kept");
  });

  it('leaves a message as written when a value is missing, as ICU does', () => {
    expect(format('Welcome back, {name}')).toBe('Welcome back, {name}');
  });

  it('formats plurals once the full ICU formatter is loaded', async () => {
    const message = '{count, plural, one {# vote} other {# votes}}';
    await loadFullIcu();
    expect(format(message, { count: 1 })).toBe('1 vote');
    expect(format(message, { count: 3 })).toBe('3 votes');
  });

  it('hands plurals, selects, numbers and quoted braces to the full ICU formatter', () => {
    expect(needsFullIcu('{count, plural, one {# vote} other {# votes}}')).toBe(true);
    expect(needsFullIcu('{role, select, admin {Admin} other {Member}}')).toBe(true);
    expect(needsFullIcu('{size, number}')).toBe(true);
    expect(needsFullIcu("Type '{name}' as it is")).toBe(true);
    expect(catalogueNeedsFullIcu({ a: 'Plain', b: { c: '{n, plural, other {#}}' } })).toBe(true);
    expect(catalogueNeedsFullIcu({ a: 'Plain', b: { c: 'Hello {name}' } })).toBe(false);
  });

  it('reads every simple message of every catalogue exactly as intl-messageformat does', () => {
    const values = new Proxy({} as Record<string, unknown>, {
      has: () => true,
      get: (_target, name) => `<${String(name)}>`,
    });
    const projects = readCatalogues(path.resolve(__dirname, '../../..'));
    const simple = projects
      .flatMap((p) => Object.values(p.locales))
      .flatMap((catalogue) => Object.values(flattenCatalogue(catalogue)))
      .filter((message) => !needsFullIcu(message));
    expect(simple.length).toBeGreaterThan(100);
    const differing = simple.filter((message) => format(message, values) !== icu(message, values));
    expect(differing).toEqual([]);
  });
});
