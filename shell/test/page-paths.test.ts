/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PAGES } from '@platform/contracts';

// A page's address is written once, in its declaration (libs/contracts/src/pages/); every link and
// navigation builds it with pageUrl. This fails, listing them, on string literals elsewhere in the browser's
// code (the shell, the remotes, the libraries; tests and test helpers left out) that are a declared page's
// path or start with one: `'/tasks'`, `'/tasks?status=completed'`, `` `/signup?role=${role}` ``.
const repoRoot = path.resolve(__dirname, '../..');
const DECLARATIONS = 'libs/contracts/src/pages/';

const roots = [
  'shell/src',
  ...fs
    .readdirSync(repoRoot)
    .filter((name) => name.startsWith('mf-'))
    .map((name) => `${name}/src`),
  ...fs.readdirSync(path.join(repoRoot, 'libs')).map((name) => `libs/${name}/src`),
].filter((dir) => fs.existsSync(path.join(repoRoot, dir)));

const isTestCode = (file: string) =>
  /\.test\.[cm]?[jt]sx?$/.test(file) ||
  /(^|\/)(test|testing|__tests__)\//.test(file) ||
  /\/testing\.[jt]sx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !isTestCode(relative) ? [relative] : [];
  });
}

const paths = PAGES.map((page) => page.path);

/** A declared page's path, or one followed by its query, hash or a further segment. */
function isPagePath(text: string): boolean {
  return paths.some((page) =>
    page === '/'
      ? text === '/' || text.startsWith('/?') || text.startsWith('/#')
      : text === page || ['?', '#', '/'].some((next) => text.startsWith(page + next)),
  );
}

// '/' is also the separator of every path: as an argument of these string methods, or an API's base URL, it
// is not the landing page.
const STRING_METHODS = new Set(['startsWith', 'endsWith', 'split', 'join', 'includes', 'indexOf', 'replace']);

function notAPage(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression)) {
    return STRING_METHODS.has(parent.expression.name.text);
  }
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    if (parent.name.text === 'baseUrl') return true;
    // An HTTP route's declaration (defineRoute) may share a page's path: POST /auth/verify.
    const call = parent.parent.parent;
    return (
      parent.name.text === 'path' &&
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      call.expression.text === 'defineRoute'
    );
  }
  return false;
}

/** The page path a literal writes, if any: a template is judged by its text before the first `${`. */
function pagePathOf(node: ts.Node): string | null {
  let literal: string | null = null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
  // `/${segment}` is any path at all, not the landing page.
  else if (ts.isTemplateExpression(node) && node.head.text !== '/') literal = node.head.text;
  return literal !== null && isPagePath(literal) && !notAPage(node) ? literal : null;
}

function pagePathsIn(file: string, code = fs.readFileSync(path.join(repoRoot, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (pagePathOf(node) !== null) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1} ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Files whose page paths are known and waiting: the uploads page is being rewritten apart from this change
 * and moves to pageUrl with it. Each entry must still be there (the list only shrinks).
 */
const WAITING: Record<string, string[]> = {
  'mf-datasets/src/uploads/DatasetUploadsPage.tsx': ['"/signin"'],
};

describe('page paths', () => {
  const files = roots.flatMap(sourceFiles);

  it('are read from the shell, every remote and every library', () => {
    expect(files.filter((file) => file.startsWith(DECLARATIONS)).length).toBeGreaterThan(20);
    expect(files.some((file) => file.startsWith('mf-workspace/src/'))).toBe(true);
    expect(files.some((file) => file.startsWith('libs/store/src/'))).toBe(true);
  });

  it('are written only in the page declarations: everything else builds them with pageUrl', () => {
    const written = files
      .filter((file) => !file.startsWith(DECLARATIONS))
      .flatMap((file) => pagePathsIn(file))
      .filter((hit) => {
        const [, file, literal] = /^(.+?):\d+ (.*)$/s.exec(hit)!;
        return !WAITING[file!]?.includes(literal!);
      });
    expect(written).toEqual([]);
  });

  it('lists as waiting only page paths that are still written', () => {
    for (const [file, literals] of Object.entries(WAITING)) {
      const still = pagePathsIn(file).map((hit) => hit.replace(/^\S+ /, ''));
      expect({ file, waiting: literals.filter((literal) => still.includes(literal)) }).toEqual({
        file,
        waiting: literals,
      });
    }
  });

  it('would be caught in a link, a navigation, a comparison or a template', () => {
    const probe = (code: string) => pagePathsIn('probe.tsx', code).map((hit) => hit.replace(/^\S+ /, ''));
    expect(probe('const a = <Link to="/signin">Sign in</Link>;')).toEqual(['"/signin"']);
    expect(probe("navigate('/projects/view?id=1'); if (pathname !== '/') go('/#faq');")).toEqual([
      "'/projects/view?id=1'",
      "'/'",
      "'/#faq'",
    ]);
    expect(probe('const b = `/signup?role=${role}`; const c = `/#${section}`;')).toEqual([
      '`/signup?role=${role}`',
      '`/#${section}`',
    ]);
    expect(
      probe(
        "path.split('/'); const api = { baseUrl: '/' }; const r = defineRoute({ path: '/auth/verify' }); " +
          "fetch('/api/tasks'); const u = 'https://example.org/tasks'; const d = '/data/downloadsx'; " +
          'const e = `/${source}/${flags}`;',
      ),
    ).toEqual([]);
  });
});
