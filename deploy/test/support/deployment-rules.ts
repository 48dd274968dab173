import { resolve } from 'node:path';
import {
  baseImageProblems,
  dockerfilePath,
  imageFacts,
  IMAGES,
  imageReference,
  type ImageFacts,
  type ImageSpec,
} from './dockerfile-rules';
import { instructionsOf, parseDockerfile } from './dockerfile';
import { portOf, readRepoFile, remoteCatalog, repoRoot, variablesReadBy, type ServiceName } from './repo';

/** What each image built here offers: the facts of its last stage and where the static image puts each remote. */
export interface Images {
  facts: Map<string, ImageFacts>;
  /** The static image's folders, by remote key (`marketing` → `/marketing/`). */
  remoteFolders: Set<string>;
}

export function readImages(read: (path: string) => string = readRepoFile): Images {
  const facts = new Map(IMAGES.map((spec) => [spec.name, imageFacts(read(dockerfilePath(spec.name)))]));
  const staticStages = parseDockerfile(read(dockerfilePath('static')));
  const last = staticStages[staticStages.length - 1]!;
  const remoteFolders = new Set(
    instructionsOf(last, 'COPY')
      .map((copy) => /^\/usr\/share\/nginx\/html\/([^/]+)$/.exec(copy.args[copy.args.length - 1] ?? '')?.[1])
      .filter((folder): folder is string => Boolean(folder)),
  );
  return { facts, remoteFolders };
}

/** The image built from one of deploy/docker's Dockerfiles that a reference names (…/gateway:1.0.0 → gateway). */
export function imageSpecOf(reference: string): ImageSpec | undefined {
  const name = imageReference(reference).repository.split('/').pop();
  return IMAGES.find((spec) => spec.name === name);
}

const remoteKeyOf = (variable: string) => /^REMOTE_([A-Z0-9_]+)_URL$/.exec(variable)?.[1]?.toLowerCase();

/** A REMOTE_<KEY>_URL names the static image's folder of that remote, and a remote the catalogue has. */
function remoteUrlProblems(variable: string, value: string, images: Images): string[] {
  const key = remoteKeyOf(variable);
  if (!key) return [];
  if (!remoteCatalog.some((remote) => remote.key === key))
    return [`${variable}: no remote '${key}' in the catalogue`];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [`${variable}=${value}: not a URL`];
  }
  if (url.pathname !== `/${key}/mf-manifest.json`)
    return [`${variable}=${value}: the static image serves it at /${key}/mf-manifest.json`];
  if (!images.remoteFolders.has(key)) return [`${variable}: the static image has no /${key}/ folder`];
  return [];
}

type Env = Record<string, string>;

/** An environment for one service: only variables its code reads, its port the image's, and HOST open. */
function serviceEnvProblems(
  where: string,
  service: ServiceName,
  names: string[],
  env: Env,
  exposed: number[],
): string[] {
  const problems: string[] = [];
  const read = variablesReadBy(service);
  for (const name of names) if (!read.has(name)) problems.push(`${where}: ${name} is not read by ${service}`);
  const { variable } = portOf(service);
  if (env[variable] !== undefined && !exposed.includes(Number(env[variable])))
    problems.push(`${where}: ${variable}=${env[variable]} but the image exposes ${exposed.join(', ')}`);
  if (env.HOST !== undefined && env.HOST !== '0.0.0.0')
    problems.push(`${where}: HOST=${env.HOST} answers only inside the container`);
  return problems;
}

/** `mongodb://a:1,b:2/?replicaSet=rs0` → hosts and options. */
export function mongoUri(value: string): { hosts: string[]; options: URLSearchParams } | undefined {
  const m = /^mongodb:\/\/(?:[^@/]*@)?([^/?]+)\/?[^?]*(?:\?(.*))?$/.exec(value);
  return m ? { hosts: m[1]!.split(','), options: new URLSearchParams(m[2] ?? '') } : undefined;
}

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string } | string;
  command?: string[] | string;
  environment?: Env | string[];
  ports?: (string | { target: number; published?: number | string })[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
}

const envOfCompose = (service: ComposeService): Env =>
  Array.isArray(service.environment)
    ? Object.fromEntries(
        service.environment.map((item) => [item.split('=')[0]!, item.split('=').slice(1).join('=')]),
      )
    : Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));

const portsOfCompose = (service: ComposeService) =>
  (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return { published: Number(port.published), target: Number(port.target) };
    const parts = String(port).split(':');
    return { published: Number(parts[parts.length - 2]), target: Number(parts[parts.length - 1]) };
  });

/**
 * The compose file: images are Dockerfiles built here (or pinned ones pulled), environments hold only what each
 * service reads, ports and URLs match the images, a three-member replica set that a health check initialises
 * and every service waits for, and the gateway published.
 */
export function composeProblems(
  compose: { services?: Record<string, ComposeService> },
  images: Images,
  composeDir: string,
): string[] {
  const problems: string[] = [];
  const services = compose.services ?? {};
  const specOf = new Map<string, ImageSpec>();

  for (const [name, service] of Object.entries(services)) {
    if (service.build) {
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      if (resolve(composeDir, build.context ?? '.') !== repoRoot)
        problems.push(
          `${name}: builds from ${build.context}, the Dockerfiles build from the repository root`,
        );
      const spec = IMAGES.find((s) => dockerfilePath(s.name) === build.dockerfile);
      if (!spec) {
        problems.push(`${name}: ${build.dockerfile} is not one of deploy/docker's Dockerfiles`);
        continue;
      }
      if (service.image && imageSpecOf(service.image) !== spec)
        problems.push(`${name}: image ${service.image} is not the one ${build.dockerfile} builds`);
      specOf.set(name, spec);
    } else if (!service.image) problems.push(`${name}: neither an image nor a build`);
    else if (imageSpecOf(service.image))
      problems.push(`${name}: ${service.image} is built here: give its build`);
    else problems.push(...baseImageProblems(service.image).map((p) => `${name}: ${p}`));
  }

  // The replica set: three mongod members of one set, initiated by one member's health check.
  const members = Object.entries(services).filter(
    ([, s]) => s.image && imageReference(s.image).repository === 'mongo',
  );
  if (members.length !== 3) problems.push(`the replica set has ${members.length} members, not three`);
  const setNames = new Set(
    members.map(([, s]) => {
      const command = Array.isArray(s.command) ? s.command : String(s.command ?? '').split(/\s+/);
      return command[command.indexOf('--replSet') + 1] ?? '';
    }),
  );
  const [setName] = [...setNames];
  if (setNames.size !== 1 || !setName) problems.push('the mongod members do not all run one --replSet');
  const memberHosts = members.map(([name, s]) => {
    const command = Array.isArray(s.command) ? s.command : String(s.command ?? '').split(/\s+/);
    const port = command.includes('--port') ? command[command.indexOf('--port') + 1] : '27017';
    return `${name}:${port}`;
  });
  const initialisers = members.filter(([, s]) =>
    /rs\.initiate\(/.test([s.healthcheck?.test ?? []].flat().join(' ')),
  );
  if (initialisers.length !== 1)
    problems.push('not exactly one member initiates the set in its health check');
  const initialiser = initialisers[0]?.[0];
  if (initialisers[0]) {
    const script = [initialisers[0][1].healthcheck?.test ?? []].flat().join(' ');
    const initiated = [...script.matchAll(/host:\s*'([^']+)'/g)].map((m) => m[1]!).sort();
    if (initiated.join() !== [...memberHosts].sort().join())
      problems.push(`rs.initiate names ${initiated.join(', ')}, the members are ${memberHosts.join(', ')}`);
    if (!script.includes(`_id: '${setName}'`)) problems.push(`rs.initiate does not name the set ${setName}`);
  }

  for (const [name, service] of Object.entries(services)) {
    const spec = specOf.get(name);
    const env = envOfCompose(service);
    const facts = spec ? images.facts.get(spec.name)! : undefined;
    if (spec?.service && facts)
      problems.push(
        ...serviceEnvProblems(name, spec.service, Object.keys(env), { ...facts.env, ...env }, facts.exposed),
      );
    else if (spec && Object.keys(env).length) problems.push(`${name}: the static image reads no variables`);

    for (const { target } of portsOfCompose(service))
      if (facts && !facts.exposed.includes(target))
        problems.push(`${name}: publishes ${target}, the image exposes ${facts.exposed.join(', ')}`);

    for (const [variable, value] of Object.entries(env)) {
      if (variable === 'MONGODB_URI') {
        const uri = mongoUri(value);
        if (!uri) problems.push(`${name}: MONGODB_URI is not a mongodb:// URI`);
        else {
          if (uri.hosts.slice().sort().join() !== [...memberHosts].sort().join())
            problems.push(
              `${name}: MONGODB_URI names ${uri.hosts.join(', ')}, the members are ${memberHosts.join(', ')}`,
            );
          if (uri.options.get('replicaSet') !== setName)
            problems.push(`${name}: MONGODB_URI's replicaSet is not ${setName}`);
        }
        continue;
      }
      if (remoteKeyOf(variable)) {
        problems.push(...remoteUrlProblems(variable, value, images).map((p) => `${name}: ${p}`));
        const published = Number(new URL(value).port || 80);
        const host = Object.entries(services).find(([, s]) =>
          portsOfCompose(s).some((p) => p.published === published),
        );
        if (!host || specOf.get(host[0])?.name !== 'static')
          problems.push(
            `${name}: ${variable} points at port ${published}, which the static image is not published on`,
          );
        continue;
      }
      if (!/^https?:\/\//.test(value)) continue;
      const url = new URL(value);
      const target = specOf.get(url.hostname);
      if (!services[url.hostname]) continue;
      const exposed = target ? images.facts.get(target.name)!.exposed : [];
      if (!exposed.includes(Number(url.port || 80)))
        problems.push(
          `${name}: ${variable}=${value}, ${url.hostname} listens on ${exposed.join(', ') || 'no known port'}`,
        );
    }

    if (spec?.service) {
      const dependsOn = service.depends_on ?? {};
      if (Array.isArray(dependsOn)) problems.push(`${name}: depends_on without conditions`);
      else if (!initialiser || dependsOn[initialiser]?.condition !== 'service_healthy')
        problems.push(`${name}: does not wait for the replica set (${initialiser} healthy)`);
    }
    if (service.depends_on && !Array.isArray(service.depends_on))
      for (const [other, { condition }] of Object.entries(service.depends_on)) {
        if (!services[other]) problems.push(`${name}: depends on ${other}, which is not a service`);
        else if (condition === 'service_healthy') {
          const otherSpec = specOf.get(other);
          const checked =
            services[other]!.healthcheck || (otherSpec && images.facts.get(otherSpec.name)!.healthcheck);
          if (!checked) problems.push(`${name}: waits for ${other} to be healthy, which has no health check`);
        }
      }
  }

  const gateway = [...specOf].find(([, spec]) => spec.service === 'gateway');
  if (!gateway) problems.push('no gateway service');
  else if (!portsOfCompose(services[gateway[0]]!).some((p) => p.target === portOf('gateway').port))
    problems.push(`the gateway's port ${portOf('gateway').port} is not published`);
  return problems;
}

interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  // The rest is read field by field below.
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const labelsMatch = (
  selector: Record<string, string> | undefined,
  labels: Record<string, string> | undefined,
) =>
  Boolean(selector && Object.keys(selector).length) &&
  Object.entries(selector!).every(([k, v]) => labels?.[k] === v);

interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string };
      secretKeyRef?: { name: string; key: string };
    };
  }[];
  readinessProbe?: { httpGet?: { path?: string; port?: string | number } };
  livenessProbe?: { httpGet?: { path?: string; port?: string | number } };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}

const portOfContainer = (container: Container, port: string | number | undefined) =>
  container.ports?.find((p) => p.name === port || p.containerPort === port)?.containerPort;

/**
 * The Kubernetes manifests: Deployments of the images built here with readiness on /readyz and a liveness
 * probe, environments only of variables the service reads (from a ConfigMap or Secret key that exists), a
 * Service per Deployment whose selector and target port reach it, and an Ingress to the gateway.
 */
export function k8sProblems(objects: K8sObject[], images: Images): string[] {
  const problems: string[] = [];
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const configMaps = new Map(byKind('ConfigMap').map((o) => [o.metadata?.name, o.data ?? {}]));
  const secrets = new Map(byKind('Secret').map((o) => [o.metadata?.name, { ...o.data, ...o.stringData }]));
  const deployments = byKind('Deployment');
  const services = byKind('Service');
  const allRead = new Set(IMAGES.flatMap((spec) => (spec.service ? [...variablesReadBy(spec.service)] : [])));

  for (const [name, data] of [...configMaps, ...secrets])
    for (const key of Object.keys(data))
      if (!allRead.has(key)) problems.push(`${name}: ${key} is read by no service`);

  const served = new Map<
    string,
    { spec: ImageSpec; containers: Container[]; labels: Record<string, string> }
  >();
  for (const deployment of deployments) {
    const name = deployment.metadata?.name ?? '(unnamed)';
    const template = deployment.spec?.template;
    const labels = template?.metadata?.labels as Record<string, string> | undefined;
    if (!labelsMatch(deployment.spec?.selector?.matchLabels, labels))
      problems.push(`${name}: its selector does not match its pods' labels`);
    const podNonRoot = template?.spec?.securityContext?.runAsNonRoot === true;
    for (const container of (template?.spec?.containers ?? []) as Container[]) {
      const where = `${name}/${container.name}`;
      const spec = imageSpecOf(container.image);
      if (!spec) {
        problems.push(`${where}: ${container.image} is not an image built here`);
        continue;
      }
      problems.push(
        ...baseImageProblems(container.image).map((p) => `${where}: ${p.replace(/^FROM /, 'image ')}`),
      );
      served.set(name, { spec, containers: [container], labels: labels ?? {} });
      const facts = images.facts.get(spec.name)!;
      for (const port of container.ports ?? [])
        if (!facts.exposed.includes(port.containerPort))
          problems.push(
            `${where}: port ${port.containerPort}, the image exposes ${facts.exposed.join(', ')}`,
          );
      if (container.readinessProbe?.httpGet?.path !== '/readyz')
        problems.push(`${where}: the readiness probe does not ask /readyz`);
      else if (!portOfContainer(container, container.readinessProbe.httpGet.port))
        problems.push(`${where}: the readiness probe's port is not a container port`);
      const live = container.livenessProbe?.httpGet;
      if (!live) problems.push(`${where}: no liveness probe`);
      else if (!['/healthz', '/readyz'].includes(live.path ?? '') || !portOfContainer(container, live.port))
        problems.push(
          `${where}: the liveness probe asks ${live.path} on ${live.port}, which the service does not answer`,
        );
      if (!podNonRoot && container.securityContext?.runAsNonRoot !== true)
        problems.push(`${where}: runAsNonRoot is not set`);

      const env: Env = {};
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
        const source = variable.valueFrom?.configMapKeyRef ? configMaps : secrets;
        if (ref) {
          const data = source.get(ref.name);
          if (!data || !(ref.key in data))
            problems.push(
              `${where}: ${variable.name} comes from ${ref.name}/${ref.key}, which does not exist`,
            );
          else env[variable.name] = data[ref.key]!;
        } else env[variable.name] = variable.value ?? '';
      }
      if (spec.service) {
        problems.push(
          ...serviceEnvProblems(
            where,
            spec.service,
            Object.keys(env),
            { ...facts.env, ...env },
            container.ports?.map((p) => p.containerPort) ?? [],
          ),
        );
        const { variable } = portOf(spec.service);
        const port = Number(env[variable] ?? facts.env[variable]);
        if (!container.ports?.some((p) => p.containerPort === port))
          problems.push(`${where}: listens on ${port} (${variable}), which is not a container port`);
      } else if (Object.keys(env).length) problems.push(`${where}: the static image reads no variables`);
    }
  }

  const serviceTargets = new Map<string, { ports: { name?: string; port: number }[]; image: ImageSpec }>();
  for (const service of services) {
    const name = service.metadata?.name ?? '(unnamed)';
    const backends = [...served.values()].filter((d) => labelsMatch(service.spec?.selector, d.labels));
    if (backends.length !== 1) {
      problems.push(`${name}: its selector reaches ${backends.length} Deployments`);
      continue;
    }
    const backend = backends[0]!;
    for (const port of service.spec?.ports ?? [])
      if (!portOfContainer(backend.containers[0]!, port.targetPort ?? port.port))
        problems.push(
          `${name}: targetPort ${port.targetPort} is not a port of ${backend.spec.name}'s container`,
        );
    serviceTargets.set(name, { ports: service.spec?.ports ?? [], image: backend.spec });
  }
  for (const [name, { spec }] of served)
    if (![...serviceTargets.values()].some((s) => s.image === spec))
      problems.push(`${name}: no Service reaches it`);

  // Services' URLs in the ConfigMap name a Service and its port.
  for (const [configName, data] of configMaps)
    for (const [key, value] of Object.entries(data)) {
      if (!/^https?:\/\//.test(value) || remoteKeyOf(key) || key === 'PUBLIC_URL') continue;
      const url = new URL(value);
      const target = serviceTargets.get(url.hostname);
      if (!target) problems.push(`${configName}: ${key}=${value} names no Service`);
      else if (!target.ports.some((p) => p.port === Number(url.port || 80)))
        problems.push(`${configName}: ${key}=${value}: ${url.hostname}'s port is not ${url.port}`);
    }

  const hostsTo = new Map<string, string>();
  for (const ingress of byKind('Ingress'))
    for (const rule of ingress.spec?.rules ?? [])
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend?.service;
        const target = serviceTargets.get(backend?.name);
        if (!target) problems.push(`${ingress.metadata?.name}: backend ${backend?.name} is not a Service`);
        else if (!target.ports.some((p) => p.name === backend.port?.name || p.port === backend.port?.number))
          problems.push(
            `${ingress.metadata?.name}: backend ${backend.name}'s port ${JSON.stringify(backend.port)} is not the Service's`,
          );
        else if (path.path === '/') hostsTo.set(rule.host, target.image.name);
      }
  if (![...hostsTo.values()].includes('gateway')) problems.push('no Ingress sends a host to the gateway');
  for (const [configName, data] of configMaps)
    for (const [key, value] of Object.entries(data)) {
      if (key === 'PUBLIC_URL' && hostsTo.get(new URL(value).hostname) !== 'gateway')
        problems.push(`${configName}: PUBLIC_URL's host is not the gateway's Ingress host`);
      if (remoteKeyOf(key)) {
        problems.push(...remoteUrlProblems(key, value, images).map((p) => `${configName}: ${p}`));
        if (hostsTo.get(new URL(value).hostname) !== 'static')
          problems.push(`${configName}: ${key}'s host is not the static files' Ingress host`);
      }
    }
  return problems;
}
