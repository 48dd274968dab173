import fs from 'node:fs';
import path from 'node:path';
import * as client from './client';
import * as full from './index';

// Every relative module the client entry reaches at run time, and the packages they import as values.
// client-routes.ts is left out: browser builds replace it with its declarations' plain data
// (libs/federation/route-metadata-loader.js).
function runtimeGraph(entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file) || path.basename(file) === 'client-routes.ts') return;
    modules.add(file);
    const source = fs.readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1]!,
    );
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const target = path.join(path.dirname(file), specifier);
        visit(fs.existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts'));
      }
    }
  };
  visit(path.join(__dirname, entry));
  return { modules: [...modules], packages: [...packages] };
}

describe('@platform/contracts/client', () => {
  it('reaches no TypeBox at run time, so a page that takes its values stays light', () => {
    const { modules, packages } = runtimeGraph('client.ts');
    expect(modules.length).toBeGreaterThan(3);
    expect(packages.filter((p) => p.startsWith('@sinclair/typebox'))).toEqual([]);
  });

  it('gives the very values the full entry gives (one module each, nothing written twice)', () => {
    const shared = Object.keys(client).filter((name) => name in full);
    expect(shared.length).toBe(Object.keys(client).length);
    for (const name of shared) {
      expect((full as Record<string, unknown>)[name]).toBe((client as Record<string, unknown>)[name]);
    }
  });

  it('offers what the sign-up form and the contribute screens use', () => {
    expect(client.normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
    expect(client.emailProblem('ada@example')).toBe(client.AUTH_MESSAGES.emailInvalid);
    expect(client.passwordProblem('Secret123')).toBeNull();
    expect(client.isLanguageCode('yo')).toBe(true);
    expect(client.isLanguageCode('xx')).toBe(false);
    expect(client.SENTENCE_DOMAINS).toContain('general');
    expect(client.DIALECTS).toContain('standard-yoruba');
  });
});
