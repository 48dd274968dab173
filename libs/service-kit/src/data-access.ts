import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Comments hold words like `.collection(` when they explain a store; only code counts. */
const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sourceFilesBelow(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesBelow(path));
    else if (
      /\.ts$/.test(entry.name) &&
      !/\.(test|spec)\.ts$/.test(entry.name) &&
      !/\.d\.ts$/.test(entry.name)
    )
      files.push(path);
  }
  return files;
}

const ROUTE_RULES: { pattern: RegExp; why: string }[] = [
  { pattern: /from\s+['"]mongodb['"]/, why: "imports from 'mongodb' (queries belong in a store)" },
  { pattern: /\bdatabaseOf\s*\(/, why: 'reaches the database with databaseOf (ask a store)' },
  { pattern: /\.database\b/, why: 'reaches app.database (ask a store)' },
];

/** A string or template literal that starts like one of the platform's call paths. */
const API_PATH_LITERAL = /(['"`])\/(api|internal|auth|audio)(\/|\*|\1)/;

/**
 * Every line of a service's code (tests left out) that writes an API path by hand, as `file: line`: each path
 * comes from its declaration in libs/contracts instead. Comments may name a path. For tests.
 */
export function handWrittenApiPaths(srcDir: string): string[] {
  return sourceFilesBelow(srcDir).flatMap((path) =>
    withoutComments(readFileSync(path, 'utf8'))
      .split('\n')
      .filter((line) => API_PATH_LITERAL.test(line))
      .map((line) => `${relative(srcDir, path).split(sep).join('/')}: ${line.trim()}`),
  );
}

/**
 * Where a service's code touches MongoDB outside its one data-access pattern: a collection is opened only in a
 * domain's `store.ts` (which owns its collections, indexes and queries), and no file below `src/routes` imports
 * the driver or reaches the database. Each problem reads `file:line: what`. For tests.
 */
export function dataAccessProblems(srcDir: string): string[] {
  const problems: string[] = [];
  for (const path of sourceFilesBelow(srcDir)) {
    const file = relative(srcDir, path).split(sep).join('/');
    const lines = withoutComments(readFileSync(path, 'utf8')).split('\n');
    const inRoutes = file.startsWith('routes/');
    const isStore = /(^|\/)store\.ts$/.test(file);
    lines.forEach((line, i) => {
      if (!isStore && /\.collection\s*[<(]/.test(line))
        problems.push(`${file}:${i + 1}: opens a collection outside a store.ts`);
      if (inRoutes)
        for (const { pattern, why } of ROUTE_RULES)
          if (pattern.test(line)) problems.push(`${file}:${i + 1}: ${why}`);
    });
  }
  return problems;
}
