// The build inspection the singleton test relies on: it must flag a singleton's code in a chunk no
// fallback of that package loads, and accept code that only its own fallback loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isOwnFallback, placementsOf, readSharedFallbacks } from './support/federation-build';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function fakeDist(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-dist-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

const remoteEntry =
  'var r={react:[{version:"19.2.0",get:()=>o.e(696).then(()=>()=>o(3696)),scope:["default"]}],' +
  '"react-dom":[{version:"19.2.0",get:()=>Promise.all([o.e(325),o.e(689)]).then(()=>()=>o(1))}]};' +
  'var c={6365:{fallback:()=>o.e(706).then(()=>()=>o(8325)),shareScope:["default"],singleton:!0,shareKey:"react-dom"}};';
const reactCode = 't.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=n;';
const map = (sources: string[]) => JSON.stringify({ version: 3, sources, mappings: '' });

describe('federation build inspection', () => {
  it('reads share registrations and consume fallbacks with the files they load', () => {
    const dir = fakeDist({
      'remoteEntry.js': remoteEntry,
      '696.aa.js': reactCode,
      '325.bb.js': '',
      '706.cc.js': '',
    });
    expect(readSharedFallbacks(dir)).toEqual(
      expect.arrayContaining([
        { name: 'react', version: '19.2.0', files: ['696.aa.js'] },
        { name: 'react-dom', version: '19.2.0', files: ['325.bb.js'] },
        { name: 'react-dom', version: '', files: ['706.cc.js'] },
      ]),
    );
  });

  it('accepts a singleton that lives only in its own fallback chunks', () => {
    const dir = fakeDist({
      'remoteEntry.js': remoteEntry,
      '696.aa.js': reactCode,
      '325.bb.js': 'x',
      '325.bb.js.map': map(['webpack://r/../node_modules/react-dom/cjs/react-dom.production.js']),
      'main.dd.js': 'own code',
      'main.dd.js.map': map(['webpack://r/./src/routes.tsx', 'webpack://r/../libs/contracts/src/index.ts']),
    });
    const placements = placementsOf(dir, ['react', 'react-dom']);
    expect(placements.map((p) => p.file).sort()).toEqual(['325.bb.js', '696.aa.js']);
    expect(placements.every(isOwnFallback)).toBe(true);
  });

  it('flags a private copy: React bundled into the exposed module, react-dom inside the react fallback', () => {
    const dir = fakeDist({
      'remoteEntry.js': remoteEntry,
      '696.aa.js': reactCode,
      '696.aa.js.map': map(['webpack://r/../node_modules/react-dom/index.js']),
      '__federation_expose_routes.ee.js': `${reactCode} routes`,
    });
    const bad = placementsOf(dir, ['react', 'react-dom']).filter((p) => !isOwnFallback(p));
    expect(bad).toEqual(
      expect.arrayContaining([
        { pkg: 'react', file: '__federation_expose_routes.ee.js', loadedBy: [] },
        { pkg: 'react-dom', file: '696.aa.js', loadedBy: ['react'] },
      ]),
    );
    expect(bad).toHaveLength(2);
  });
});
