import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', 'src');

/** Every source file below src, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Comments may name a URL; only code builds one. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A string or template literal that starts with an API path: '/api/…', '/internal/…', '/auth/…', '/audio/…'. */
const API_PATH_LITERAL = /(['"`])\/(api|internal|auth|audio)(\/|\1)/;

describe("the speech service's source", () => {
  it('writes no API path by hand: every path comes from its declaration in libs/contracts', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => API_PATH_LITERAL.test(line))
        .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
