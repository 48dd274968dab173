import { join } from 'node:path';
import { parse } from 'yaml';
import { composeProblems, readImages } from './support/deployment-rules';
import { readRepoFile, repoRoot } from './support/repo';

const composeDir = join(repoRoot, 'deploy');
const images = readImages();
const source = readRepoFile('deploy/compose.yaml');
const problemsOf = (text: string) => composeProblems(parse(text, { merge: true }), images, composeDir);

/** The problems after one edit of compose.yaml (the edit must apply). */
function problemsAfter(from: string | RegExp, to: string) {
  const edited = source.replace(from, to);
  if (edited === source) throw new Error(`the edit ${String(from)} does not apply`);
  return problemsOf(edited);
}

describe('compose.yaml', () => {
  it('parses, and names only images, ports, variables and URLs that exist', () => {
    expect(problemsOf(source)).toEqual([]);
  });

  it('runs a three-member replica set initialised by a health check, which every service waits for', () => {
    const compose = parse(source, { merge: true });
    const members = Object.keys(compose.services).filter((name) =>
      compose.services[name].image?.startsWith('mongo:'),
    );
    expect(members).toHaveLength(3);
    for (const name of ['gateway', 'text', 'speech'])
      expect(compose.services[name].depends_on.mongo1).toEqual({ condition: 'service_healthy' });
    expect(compose.services.gateway.ports).toEqual(['3000:3000']);
  });
});

describe('the compose rules catch', () => {
  it('a variable no service reads', () => {
    expect(problemsAfter("TEXT_PORT: '4001'", "TEXT_LISTEN_PORT: '4001'")).toEqual([
      'text: TEXT_LISTEN_PORT is not read by text',
    ]);
  });

  it('a port the image does not expose, published or in a URL', () => {
    expect(problemsAfter("ports: ['3000:3000']", "ports: ['3000:3001']")).toEqual([
      'gateway: publishes 3001, the image exposes 3000',
      "the gateway's port 3000 is not published",
    ]);
    expect(
      problemsAfter(
        'TEXT_URL: http://text:4001\n      PUBLIC_URL',
        'TEXT_URL: http://text:4002\n      PUBLIC_URL',
      ),
    ).toEqual(['speech: TEXT_URL=http://text:4002, text listens on 4001']);
  });

  it('a connection string or an initiation that disagrees with the members', () => {
    expect(problemsAfter('?replicaSet=rs0&w=majority', '?replicaSet=rs1&w=majority')).toEqual([
      "text: MONGODB_URI's replicaSet is not rs0",
      "speech: MONGODB_URI's replicaSet is not rs0",
      "gateway: MONGODB_URI's replicaSet is not rs0",
    ]);
    expect(problemsAfter("{ _id: 2, host: 'mongo3:27017' }", '')).toEqual([
      'rs.initiate names mongo1:27017, mongo2:27017, the members are mongo1:27017, mongo2:27017, mongo3:27017',
    ]);
  });

  it('a service that does not wait for the replica set, or an image that is not one of the Dockerfiles', () => {
    expect(
      problemsAfter(
        /(speech:\n(?:.*\n)*? {4}depends_on:\n) {6}mongo1: \{ condition: service_healthy \}/,
        '$1      mongo1: { condition: service_started }',
      ),
    ).toEqual(['speech: does not wait for the replica set (mongo1 healthy)']);
    expect(problemsAfter('deploy/docker/speech.Dockerfile', 'deploy/docker/voice.Dockerfile')).toEqual(
      expect.arrayContaining([
        "speech: deploy/docker/voice.Dockerfile is not one of deploy/docker's Dockerfiles",
      ]),
    );
  });

  it('a remote URL the static image does not serve', () => {
    expect(
      problemsAfter('localhost:8080/auth/mf-manifest.json', 'localhost:8080/login/mf-manifest.json'),
    ).toEqual([
      'gateway: REMOTE_AUTH_URL=http://localhost:8080/login/mf-manifest.json: the static image serves it at /auth/mf-manifest.json',
    ]);
  });
});
