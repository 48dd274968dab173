import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dockerfilePath, dockerfileProblems, IMAGES, type ImageSpec } from './support/dockerfile-rules';
import { readRepoFile, repoRoot } from './support/repo';

const spec = (name: string) => IMAGES.find((image) => image.name === name)!;
const source = (name: string) => readRepoFile(dockerfilePath(name));

/** The problems the rules find in a Dockerfile after one edit (the edit must apply). */
function problemsAfter(image: ImageSpec, from: string | RegExp, to: string) {
  const original = source(image.name);
  const edited = original.replace(from, to);
  if (edited === original) throw new Error(`the edit ${String(from)} does not apply to ${image.name}`);
  // Without the line numbers, which any edit above would shift.
  return dockerfileProblems(image, edited).map((problem) => problem.replace(/^line \d+ /, ''));
}

describe('the Dockerfiles', () => {
  it('are one per image, all in deploy/docker', () => {
    const files = readdirSync(join(repoRoot, 'deploy/docker')).filter((f) => f.endsWith('.Dockerfile'));
    expect(files.sort()).toEqual(IMAGES.map((image) => `${image.name}.Dockerfile`).sort());
  });

  it.each(IMAGES.map((image) => [image.name, image] as const))('%s passes every rule', (_name, image) => {
    expect(dockerfileProblems(image, source(image.name))).toEqual([]);
  });
});

describe('the Dockerfile rules catch', () => {
  const text = spec('text');
  const gateway = spec('gateway');

  it('a variable the service does not read (a renamed port variable)', () => {
    const problems = problemsAfter(text, /TEXT_PORT=4001/, 'TEXT_PORTS=4001');
    expect(problems).toContain('ENV: TEXT_PORTS is not read by text');
    expect(problems).toContain('ENV does not set TEXT_PORT, the port text reads');
  });

  it("a port that is not the service's", () => {
    expect(problemsAfter(text, 'EXPOSE 4001', 'EXPOSE 4003')).toEqual(
      expect.arrayContaining([
        'EXPOSE 4003: text listens on 4001',
        'the HEALTHCHECK asks port 4001, the image exposes 4003',
      ]),
    );
  });

  it('an unpinned base, latest, and another Node major', () => {
    expect(problemsAfter(text, /^FROM node:20\.20-bookworm-slim AS build$/m, 'FROM node AS build')).toContain(
      'FROM node: no tag (pin a version)',
    );
    expect(problemsAfter(text, /^FROM node:20\.20-bookworm-slim$/m, 'FROM node:latest')).toContain(
      "FROM node:latest: 'latest' is not a version",
    );
    expect(problemsAfter(text, /^FROM node:20\.20-bookworm-slim$/m, 'FROM node:22-bookworm-slim')).toContain(
      'FROM node:22-bookworm-slim: Node 22, the workspace runs on Node 20',
    );
  });

  it('a last stage that runs as root, or has no health check on /readyz', () => {
    expect(problemsAfter(text, 'USER node', 'USER root')).toContain('USER root is root');
    expect(problemsAfter(text, 'USER node\n', '')).toContain(
      'the last stage has no USER: it would run as root',
    );
    expect(problemsAfter(text, "'/readyz'", "'/healthz'")).toContain('the HEALTHCHECK does not ask /readyz');
  });

  it('ADD of a URL, and COPY of what neither the repository nor the build stage has', () => {
    expect(problemsAfter(text, 'COPY . .', 'ADD https://example.org/x.tgz .')).toContain(
      'ADD: ADD of a URL (download in a RUN with a checksum, or COPY a file)',
    );
    expect(problemsAfter(text, 'COPY . .', 'COPY src .')).toContain('COPY: src is not in the repository');
    expect(problemsAfter(text, '/app/services/text/dist', '/app/services/speech/dist')).toContain(
      'COPY: services/speech/dist: the build stage does not build @platform/speech-service',
    );
    expect(problemsAfter(text, '/app/node_modules ./', '/app/services/text/node_modules ./')).toContain(
      'COPY: services/text/node_modules: the lockfile installs nothing there',
    );
  });

  it('commands naming scripts, projects or files that do not exist', () => {
    expect(problemsAfter(text, '@platform/text-service', '@platform/text')).toContain(
      'RUN: nx project @platform/text does not exist',
    );
    expect(problemsAfter(text, 'RUN npm prune', 'RUN npm run compile && npm prune')).toContain(
      'RUN: npm run compile: no such script',
    );
    expect(
      problemsAfter(gateway, '"services/gateway/dist/main.js"', '"services/gateway/dist/server.js"'),
    ).toEqual([
      'CMD: node services/gateway/dist/server.js: no src/server.ts to build it from',
      "CMD: node services/gateway/dist/server.js is not @platform/gateway's start script (node dist/main.js)",
    ]);
  });
});
