import { posix } from 'node:path';
import {
  buildScriptVariables,
  existsInRepo,
  lockedPaths,
  nodeEngine,
  packageAt,
  portOf,
  rootPackage,
  variablesReadBy,
  withWorkspaceDeps,
  workspacePackages,
  type ServiceName,
} from './repo';
import {
  envOf,
  instructionsOf,
  parseDockerfile,
  shellWords,
  stageEnv,
  type Instruction,
  type Stage,
} from './dockerfile';

/** One image built here: deploy/docker/<name>.Dockerfile, running a service's code or the static files. */
export interface ImageSpec {
  name: string;
  service?: ServiceName;
}

export const IMAGES: ImageSpec[] = [
  { name: 'gateway', service: 'gateway' },
  { name: 'text', service: 'text' },
  { name: 'speech', service: 'speech' },
  { name: 'static' },
];

export const dockerfilePath = (name: string) => `deploy/docker/${name}.Dockerfile`;

/** What the compose file and the manifests may rely on in an image. */
export interface ImageFacts {
  exposed: number[];
  env: Record<string, string>;
  user: string | undefined;
  healthcheck: Instruction | undefined;
}

const finalStage = (stages: Stage[]) => stages[stages.length - 1]!;

export function imageFacts(source: string): ImageFacts {
  const stage = finalStage(parseDockerfile(source));
  const users = instructionsOf(stage, 'USER');
  return {
    exposed: instructionsOf(stage, 'EXPOSE').flatMap((i) => i.args.map((port) => Number(port.split('/')[0]))),
    env: stageEnv(stage),
    user: users[users.length - 1]?.args[0],
    healthcheck: instructionsOf(stage, 'HEALTHCHECK')[0],
  };
}

/** `node:20.20-bookworm-slim` → { repository: 'node', tag: '20.20-bookworm-slim' } */
export function imageReference(image: string): { repository: string; tag?: string; digest?: string } {
  const [name, digest] = image.split('@') as [string, string | undefined];
  const colon = name.lastIndexOf(':');
  const slash = name.lastIndexOf('/');
  const hasTag = colon > slash;
  return {
    repository: hasTag ? name.slice(0, colon) : name,
    ...(hasTag ? { tag: name.slice(colon + 1) } : {}),
    ...(digest ? { digest } : {}),
  };
}

/** A FROM's image is pinned (a tag that is not `latest`, or a digest); Node's is the workspace's major. */
export function baseImageProblems(image: string): string[] {
  const { repository, tag, digest } = imageReference(image);
  if (!tag && !digest) return [`FROM ${image}: no tag (pin a version)`];
  if (tag === 'latest') return [`FROM ${image}: 'latest' is not a version`];
  if (repository === 'node' || repository === 'library/node' || repository === 'docker.io/library/node') {
    const engine = nodeEngine();
    const version = /^(\d+)(?:\.(\d+))?/.exec(tag ?? '');
    if (!version) return [`FROM ${image}: the tag names no Node version`];
    const major = Number(version[1]);
    const minor = version[2] === undefined ? undefined : Number(version[2]);
    if (major !== engine.major)
      return [`FROM ${image}: Node ${major}, the workspace runs on Node ${engine.major}`];
    if (minor !== undefined && minor < engine.minor)
      return [
        `FROM ${image}: Node ${major}.${minor} is older than engines.node (${engine.major}.${engine.minor})`,
      ];
  }
  return [];
}

/** The shell commands of a RUN (or shell-form CMD), split on && ; and |. */
const commandsOf = (text: string) =>
  text
    .split(/&&|\|\||;|\|/)
    .map((part) => shellWords(part.trim()))
    .filter((words) => words.length > 0);

const optionValue = (words: string[], names: string[]): string | undefined => {
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    for (const name of names) {
      if (word === name) return words[i + 1];
      if (word.startsWith(`${name}=`)) return word.slice(name.length + 1);
    }
  }
  return undefined;
};

/** Problems with one command, and the workspace projects it builds. */
function commandProblems(words: string[], at: string, built: Set<string>): string[] {
  const problems: string[] = [];
  const [program, sub] = words;
  if (program === 'npm' && sub === 'run') {
    const script = words[2];
    const workspace = optionValue(words, ['-w', '--workspace']);
    const pkg = workspace ? (workspacePackages.get(workspace) ?? packageAt(workspace)) : undefined;
    const scripts = workspace ? pkg?.scripts : rootPackage.scripts;
    if (workspace && !pkg) problems.push(`${at}: npm run -w ${workspace}: no such workspace`);
    else if (!script || !scripts?.[script]) problems.push(`${at}: npm run ${script}: no such script`);
  }
  if (program === 'npx' && sub === 'nx') {
    const command = words[2];
    if (command === 'run-many') {
      const target = optionValue(words, ['-t', '--target', '--targets']);
      const projects = (optionValue(words, ['-p', '--projects']) ?? '').split(',').filter(Boolean);
      if (!target) problems.push(`${at}: nx run-many without a target`);
      if (projects.length === 0)
        problems.push(`${at}: nx run-many without --projects (it would build everything)`);
      for (const project of projects) {
        const pkg = workspacePackages.get(project);
        if (!pkg) problems.push(`${at}: nx project ${project} does not exist`);
        else if (target && !pkg.scripts[target]) problems.push(`${at}: ${project} has no '${target}' script`);
        else if (target === 'build') withWorkspaceDeps([project]).forEach((name) => built.add(name));
      }
    } else if (command === 'run') {
      const [project, target] = (words[3] ?? '').split(':');
      const pkg = workspacePackages.get(project ?? '');
      if (!pkg || !target || !pkg.scripts[target])
        problems.push(`${at}: nx run ${words[3]}: no such project target`);
      else if (target === 'build') withWorkspaceDeps([project!]).forEach((name) => built.add(name));
    } else problems.push(`${at}: nx ${command}: not a command these rules know`);
  }
  if (program === 'apt-get' && sub === 'install') {
    if (!words.includes('-y')) problems.push(`${at}: apt-get install without -y`);
    if (!words.includes('--no-install-recommends'))
      problems.push(`${at}: apt-get install without --no-install-recommends`);
  }
  return problems;
}

/**
 * A file a runtime stage copies from a build stage is either in the repository (a package.json), or what the
 * build stage made: the dist/ of a package that stage built, or node_modules the lockfile installs there.
 */
function builtPathProblem(path: string, built: Set<string>): string | undefined {
  if (existsInRepo(path) && !/(^|\/)(dist|node_modules)(\/|$)/.test(path)) return undefined;
  const modules = /^(?:(.+)\/)?node_modules$/.exec(path);
  if (modules) {
    const prefix = modules[1] ? `${modules[1]}/node_modules/` : 'node_modules/';
    return lockedPaths.some((p) => p.startsWith(prefix))
      ? undefined
      : `${path}: the lockfile installs nothing there`;
  }
  const dist = /^(.+)\/dist$/.exec(path);
  if (dist) {
    const pkg = packageAt(dist[1]!);
    if (!pkg) return `${path}: ${dist[1]} is not a workspace package`;
    if (!pkg.scripts.build) return `${path}: ${pkg.name} has no build script`;
    if (!built.has(pkg.name)) return `${path}: the build stage does not build ${pkg.name}`;
    return undefined;
  }
  return `${path}: neither in the repository nor made by the build stage`;
}

/** The start command's file: `services/gateway/dist/main.js` must be what the package's `start` runs, built from src. */
function startFileProblems(file: string, at: string): string[] {
  const dist = /^(.+)\/dist\/(.+)\.js$/.exec(file);
  if (!dist) return existsInRepo(file) ? [] : [`${at}: node ${file}: no such file`];
  const pkg = packageAt(dist[1]!);
  if (!pkg) return [`${at}: node ${file}: ${dist[1]} is not a workspace package`];
  const problems: string[] = [];
  if (!existsInRepo(`${pkg.dir}/src/${dist[2]}.ts`))
    problems.push(`${at}: node ${file}: no src/${dist[2]}.ts to build it from`);
  if (!/\bswc src -d dist\b/.test(pkg.scripts.build ?? ''))
    problems.push(`${at}: ${pkg.name} does not build src into dist`);
  if (pkg.scripts.start !== `node dist/${dist[2]}.js`)
    problems.push(`${at}: node ${file} is not ${pkg.name}'s start script (${pkg.scripts.start ?? 'none'})`);
  return problems;
}

/** The port a HEALTHCHECK asks /readyz on: a literal, or `process.env.X` read from the stage's ENV. */
export function healthcheckPort(healthcheck: Instruction, env: Record<string, string>): number | undefined {
  const text = healthcheck.args.join(' ');
  const literal = /:(\d+)\/readyz\b/.exec(text);
  if (literal) return Number(literal[1]);
  const variable = /process\.env\.([A-Z][A-Z0-9_]*)[^/]*\/readyz/.exec(text);
  return variable && env[variable[1]!] !== undefined ? Number(env[variable[1]!]) : undefined;
}

/**
 * hadolint-style rules, written for this repository: pinned bases of the workspace's Node, several stages,
 * a non-root user, a health check on /readyz at the exposed port, no ADD, COPY only of what exists or was
 * built, only variables and ports the service's code reads, and commands naming real scripts and files.
 */
export function dockerfileProblems(spec: ImageSpec, source: string): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(source);
  if (stages.length < 2) problems.push('one stage: build in one stage and copy only what runs into the last');
  const stageNames = new Set<string>();
  const builtBy = new Map<string, Set<string>>();
  const workdirOf = new Map<string, string>();
  const buildVariables = buildScriptVariables();
  const serviceVariables = spec.service ? variablesReadBy(spec.service) : new Set<string>();

  stages.forEach((stage, index) => {
    const last = index === stages.length - 1;
    const built = new Set<string>();
    let workdir = '/';
    if (!stageNames.has(stage.image)) problems.push(...baseImageProblems(stage.image));
    for (const instruction of stage.instructions) {
      const at = `line ${instruction.line} ${instruction.keyword}`;
      switch (instruction.keyword) {
        case 'WORKDIR':
          workdir = posix.resolve(workdir, instruction.args[0] ?? '/');
          break;
        case 'ADD':
          problems.push(
            instruction.args.some((arg) => /^https?:\/\//.test(arg))
              ? `${at}: ADD of a URL (download in a RUN with a checksum, or COPY a file)`
              : `${at}: ADD (use COPY)`,
          );
          break;
        case 'COPY': {
          const sources = instruction.args.slice(0, -1);
          const from = instruction.flags.from;
          if (from === undefined) {
            for (const src of sources)
              if (!existsInRepo(src)) problems.push(`${at}: ${src} is not in the repository`);
          } else if (!stageNames.has(from)) problems.push(`${at}: --from=${from} is not an earlier stage`);
          else
            for (const src of sources) {
              const path = posix.relative(workdirOf.get(from)!, posix.resolve(workdirOf.get(from)!, src));
              const problem = path.startsWith('..')
                ? `${src} is outside the build stage's folder`
                : builtPathProblem(path, builtBy.get(from)!);
              if (problem) problems.push(`${at}: ${problem}`);
            }
          break;
        }
        case 'RUN':
          for (const words of commandsOf(instruction.rest))
            problems.push(...commandProblems(words, at, built));
          if (
            /apt-get install/.test(instruction.rest) &&
            !/rm -rf \/var\/lib\/apt\/lists/.test(instruction.rest)
          )
            problems.push(`${at}: apt-get install leaves /var/lib/apt/lists in the layer`);
          break;
        case 'ENV':
        case 'ARG': {
          const names =
            instruction.keyword === 'ENV'
              ? Object.keys(envOf(instruction))
              : [(instruction.args[0] ?? '').split('=')[0]!];
          for (const name of names) {
            const known = last ? serviceVariables : buildVariables;
            if (!known.has(name))
              problems.push(
                last
                  ? `${at}: ${name} is not read by ${spec.service ?? 'anything in this image'}`
                  : `${at}: ${name} is not one of the build script's variables (${[...buildVariables].join(', ')})`,
              );
          }
          break;
        }
        case 'CMD':
        case 'ENTRYPOINT':
          if (!instruction.rest.startsWith('['))
            problems.push(`${at}: shell form (use the JSON form so signals reach the process)`);
          if (instruction.args[0] === 'node' && instruction.args[1] && !instruction.args[1].startsWith('-'))
            problems.push(
              ...startFileProblems(posix.relative(workdir, posix.resolve(workdir, instruction.args[1])), at),
            );
          break;
        default:
          break;
      }
    }
    if (stage.name) {
      stageNames.add(stage.name);
      builtBy.set(stage.name, built);
      workdirOf.set(stage.name, workdir);
    }
  });

  const stage = finalStage(stages);
  const facts = imageFacts(source);
  if (!facts.user) problems.push('the last stage has no USER: it would run as root');
  else if (/^(root|0)(:|$)/.test(facts.user)) problems.push(`USER ${facts.user} is root`);
  if (!facts.healthcheck) problems.push('no HEALTHCHECK in the last stage');
  else if (!/\/readyz\b/.test(facts.healthcheck.rest)) problems.push('the HEALTHCHECK does not ask /readyz');
  else {
    const port = healthcheckPort(facts.healthcheck, facts.env);
    if (port === undefined || !facts.exposed.includes(port))
      problems.push(
        `the HEALTHCHECK asks port ${port ?? '(unknown)'}, the image exposes ${facts.exposed.join(', ') || 'none'}`,
      );
  }
  if (instructionsOf(stage, 'CMD').length === 0 && instructionsOf(stage, 'ENTRYPOINT').length === 0)
    problems.push('the last stage has no CMD');
  if (spec.service) {
    const { variable, port } = portOf(spec.service);
    if (facts.env[variable] === undefined)
      problems.push(`ENV does not set ${variable}, the port ${spec.service} reads`);
    else if (Number(facts.env[variable]) !== port)
      problems.push(`${variable}=${facts.env[variable]}: ${spec.service}'s port is ${port} (DEFAULT_PORTS)`);
    if (facts.exposed.join() !== String(port))
      problems.push(`EXPOSE ${facts.exposed.join(' ')}: ${spec.service} listens on ${port}`);
    if (facts.env.HOST !== '0.0.0.0')
      problems.push('HOST is not 0.0.0.0: the service would answer only inside its container');
  }
  return problems;
}
