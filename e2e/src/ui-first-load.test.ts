// Components of @platform/ui that no screen of the shell uses must not be in the shell's build (and so not
// in any first load): the library is not shared whole, it is side-effect free, and webpack receives ES
// modules, so the shell keeps only what it imports. Read from the build's source maps (every module of a
// chunk is listed there).
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');
const shellDist = path.join(repoRoot, 'shell', 'dist');
const uiComponents = path.join(repoRoot, 'libs', 'ui', 'src', 'components');

/** The @platform/ui component folders whose modules are in the shell's build. */
function componentsInShellBuild(): Set<string> {
  const found = new Set<string>();
  for (const file of fs.readdirSync(shellDist).filter((f) => f.endsWith('.js.map'))) {
    const { sources } = JSON.parse(fs.readFileSync(path.join(shellDist, file), 'utf8')) as {
      sources: string[];
    };
    for (const source of sources) {
      const match = /libs\/ui\/src\/components\/(\w+)\//.exec(source);
      if (match) found.add(match[1]!);
    }
  }
  return found;
}

// What the shell's screens render (its layouts with the person's avatar, 404, loading and error states, toasts), including the
// components these are built from (TextField and Select on Field, ErrorState on EmptyState).
const USED_BY_THE_SHELL = [
  'Avatar',
  'Button',
  'DropdownMenu',
  'EmptyState',
  'ErrorState',
  'Field',
  'Select',
  'Skeleton',
  'Spinner',
  'TextField',
  'Toast',
];

describe("the shell's build", () => {
  const inBuild = componentsInShellBuild();

  it('carries the @platform/ui components its screens use', () => {
    expect([...inBuild].sort()).toEqual(expect.arrayContaining(['Button', 'DropdownMenu', 'Toast']));
  });

  it('carries none of the components no shell screen uses (Table, Tabs, Dialog, ...)', () => {
    const unused = fs
      .readdirSync(uiComponents)
      .filter((name) => !USED_BY_THE_SHELL.includes(name))
      .sort();
    expect(unused).toEqual(expect.arrayContaining(['Table', 'Tabs', 'Dialog', 'Accordion', 'FileInput']));
    expect(unused.filter((name) => inBuild.has(name))).toEqual([]);
  });
});
