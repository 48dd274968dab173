import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', 'src');

/** A string or template literal that starts like one of the platform's call paths. */
const API_PATH_LITERAL = /(['"`])\/(api|internal|auth|audio)(\/|\*|\1)/;

/** Comments may name a path; only code is checked. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("the text service's source", () => {
  it('writes no API path by hand: each comes from its declaration in libs/contracts', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => API_PATH_LITERAL.test(line))
        .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
