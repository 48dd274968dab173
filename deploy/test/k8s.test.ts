import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { k8sProblems, readImages } from './support/deployment-rules';
import { readRepoFile, repoRoot } from './support/repo';

const images = readImages();
const files = readdirSync(join(repoRoot, 'deploy/k8s')).filter((file) => file.endsWith('.yaml'));
const sources = new Map(files.map((file) => [file, readRepoFile(`deploy/k8s/${file}`)]));

function objectsOf(texts: Iterable<string>) {
  return [...texts].flatMap((text) =>
    parseAllDocuments(text).map((document) => {
      if (document.errors.length) throw document.errors[0];
      return document.toJS();
    }),
  );
}

/** The problems after one edit of one manifest (the edit must apply). */
function problemsAfter(file: string, from: string | RegExp, to: string) {
  const original = sources.get(file)!;
  const edited = original.replace(from, to);
  if (edited === original) throw new Error(`the edit ${String(from)} does not apply to ${file}`);
  return k8sProblems(objectsOf(new Map([...sources, [file, edited]]).values()), images);
}

describe('the Kubernetes manifests', () => {
  it('parse, and name only images, ports, variables, keys and Services that exist', () => {
    expect(k8sProblems(objectsOf(sources.values()), images)).toEqual([]);
  });

  it('have a Deployment and a Service for each image, and an Ingress', () => {
    const objects = objectsOf(sources.values());
    const names = (kind: string) =>
      objects
        .filter((o) => o.kind === kind)
        .map((o) => o.metadata.name)
        .sort();
    expect(names('Deployment')).toEqual(['gateway', 'speech', 'static', 'text']);
    expect(names('Service')).toEqual(['gateway', 'speech', 'static', 'text']);
    expect(names('Ingress')).toEqual(['platform']);
  });
});

describe('the Kubernetes rules catch', () => {
  it('a variable or key nobody reads', () => {
    expect(problemsAfter('config.yaml', '  TRUST_PROXY:', '  TRUSTED_PROXY:')).toEqual([
      'platform-config: TRUSTED_PROXY is read by no service',
      'gateway/gateway: TRUST_PROXY comes from platform-config/TRUST_PROXY, which does not exist',
    ]);
  });

  it('probes that do not ask /readyz, or no liveness probe', () => {
    expect(
      problemsAfter(
        'text.yaml',
        'httpGet: { path: /readyz, port: http }',
        'httpGet: { path: /ready, port: http }',
      ),
    ).toEqual(['text/text: the readiness probe does not ask /readyz']);
    expect(
      problemsAfter('speech.yaml', / {10}livenessProbe:\n(?: {12}.*\n)+?(?= {10}resources)/, ''),
    ).toEqual(['speech/speech: no liveness probe']);
  });

  it('a port the image does not expose, or a Service URL on the wrong port', () => {
    expect(problemsAfter('speech.yaml', 'containerPort: 4002', 'containerPort: 4003')).toEqual(
      expect.arrayContaining(['speech/speech: port 4003, the image exposes 4002']),
    );
    expect(problemsAfter('config.yaml', 'http://speech:4002', 'http://speech:4003')).toEqual([
      "platform-config: SPEECH_URL=http://speech:4003: speech's port is not 4003",
    ]);
  });

  it('a selector that does not match the pods, and a Service that reaches nothing', () => {
    const problems = problemsAfter(
      'text.yaml',
      / {2}selector:\n {4}matchLabels:\n {6}app.kubernetes.io\/name: text/,
      '  selector:\n    matchLabels:\n      app.kubernetes.io/name: texts',
    );
    expect(problems).toEqual(["text: its selector does not match its pods' labels"]);
    expect(
      problemsAfter(
        'static.yaml',
        /spec:\n {2}selector:\n {4}app.kubernetes.io\/name: static/,
        'spec:\n  selector:\n    app.kubernetes.io/name: remotes',
      ),
    ).toEqual([
      'static: its selector reaches 0 Deployments',
      'static: no Service reaches it',
      'platform: backend static is not a Service',
      "platform-config: REMOTE_MARKETING_URL's host is not the static files' Ingress host",
      "platform-config: REMOTE_AUTH_URL's host is not the static files' Ingress host",
      "platform-config: REMOTE_CONTRIBUTE_URL's host is not the static files' Ingress host",
      "platform-config: REMOTE_DATASETS_URL's host is not the static files' Ingress host",
      "platform-config: REMOTE_WORKSPACE_URL's host is not the static files' Ingress host",
    ]);
  });

  it('an image that is not built here', () => {
    expect(
      problemsAfter('gateway.yaml', 'speech-text-platform/gateway:1.0.0', 'speech-text-platform/edge:1.0.0'),
    ).toEqual(
      expect.arrayContaining([
        'gateway/gateway: registry.example.org/speech-text-platform/edge:1.0.0 is not an image built here',
      ]),
    );
  });
});
