// @ts-check
// Which workspace project may import which, read from the `nx.tags` of each package.json: a service never
// reaches into another service (its tests included: they seed another service's data through its HTTP API),
// a remote or the shell only into frontend and shared libraries, a library never into an app, and no two
// libraries into each other. Nx's own rule needs @nx/eslint-plugin with @nx/js and its Babel tree; the tags
// are the same, read here in a few lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @typedef {{ name: string, root: string, tags: string[], deps: string[] }} Project */

/**
 * What each type of project may depend on: a list of [type, scopes] pairs (an empty scope list: any).
 * @type {Record<string, [string, string[]][] | undefined>}
 */
const ALLOWED = {
  'type:service': [['type:lib', ['scope:shared', 'scope:backend']]],
  'type:remote': [['type:lib', ['scope:shared', 'scope:frontend', 'scope:build']]],
  'type:shell': [['type:lib', ['scope:shared', 'scope:frontend', 'scope:build']]],
  'type:lib:scope:build': [['type:lib', ['scope:shared']]],
  'type:lib:scope:shared': [['type:lib', ['scope:shared']]],
  'type:lib:scope:frontend': [['type:lib', ['scope:shared', 'scope:frontend']]],
  'type:lib:scope:backend': [['type:lib', ['scope:shared', 'scope:backend']]],
  'type:e2e': [['type:lib', []], ['type:service', []], ['type:shell', []], ['type:remote', []]],
};

/** @returns {Project[]} */
function readProjects() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  /** @type {Project[]} */
  const projects = [];
  for (const pattern of /** @type {string[]} */ (workspaces)) {
    const roots = pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(pattern.slice(0, -2), entry.name))
      : pattern.includes('*')
        ? fs
            .readdirSync(repoRoot, { withFileTypes: true })
            .filter((entry) => entry.isDirectory() && entry.name.startsWith(pattern.replace('*', '')))
            .map((entry) => entry.name)
        : [pattern];
    for (const root of roots) {
      const file = path.join(repoRoot, root, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      projects.push({
        name: pkg.name,
        root: path.join(repoRoot, root),
        tags: pkg.nx?.tags ?? [],
        deps: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
      });
    }
  }
  return projects;
}

/** @param {Project} project */
function kindOf(project) {
  const type = project.tags.find((tag) => tag.startsWith('type:'));
  const scope = project.tags.find((tag) => tag.startsWith('scope:'));
  return type === 'type:lib' ? `${type}:${scope}` : type;
}

/**
 * Why `from` may not depend on `to`, or null when it may.
 * @param {Project} from @param {Project} to @param {Map<string, Project>} byName
 */
export function boundaryViolation(from, to, byName) {
  if (from.name === to.name) return null;
  const kind = kindOf(from);
  const rules = kind ? ALLOWED[kind] : undefined;
  if (!rules) return `${from.name} has no type tag in its package.json's nx.tags`;
  const allowed = rules.some(
    ([type, scopes]) =>
      to.tags.includes(type) && (scopes.length === 0 || scopes.some((scope) => to.tags.includes(scope))),
  );
  if (!allowed) return `${from.name} (${from.tags.join(', ')}) may not depend on ${to.name} (${to.tags.join(', ')})`;
  if (dependsOn(to, from.name, byName, new Set()))
    return `${to.name} depends on ${from.name}: importing it back makes a cycle`;
  return null;
}

/** @param {Project} project @param {string} target @param {Map<string, Project>} byName @param {Set<string>} seen */
function dependsOn(project, target, byName, seen) {
  for (const dep of project.deps) {
    if (dep === target) return true;
    const next = byName.get(dep);
    if (next && !seen.has(dep)) {
      seen.add(dep);
      if (dependsOn(next, target, byName, seen)) return true;
    }
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Workspace projects import only what their nx.tags allow, without cycles.' },
    schema: [],
  },
  create(context) {
    const projects = readProjects();
    const byName = new Map(projects.map((project) => [project.name, project]));
    const file = path.resolve(context.filename);
    const from = projects
      .filter((project) => file.startsWith(project.root + path.sep))
      .sort((a, b) => b.root.length - a.root.length)[0];
    if (!from) return {};
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('@')) return;
      const name = source.split('/').slice(0, 2).join('/');
      const to = byName.get(name);
      if (!to) return;
      const why = boundaryViolation(from, to, byName);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && first?.type === 'Literal')
          check(node, first.value);
      },
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
