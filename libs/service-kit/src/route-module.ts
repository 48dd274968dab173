import type { RouteDeclaration } from '@platform/contracts';
import type { ServiceApp } from './service-app';

/**
 * One file of a service's `src/routes/` tree: the declarations it serves, and how. The file's place follows
 * the URL (`src/routes/api/admin/accounts.ts` serves `/api/admin/accounts…`), so the code for any URL is found
 * by its path alone; `routeLayoutProblems` (service-kit/testing) checks it.
 */
export interface RouteModule<Context> {
  readonly serves: readonly RouteDeclaration[];
  register(app: ServiceApp, context: Context): void | Promise<void>;
}

export const routeModule = <Context>(
  serves: readonly RouteDeclaration[],
  register: RouteModule<Context>['register'],
): RouteModule<Context> => ({ serves, register });

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Registers a service's route modules, and refuses to start when a module serves a route it does not list,
 * or lists one it does not serve: the lists are what the layout check and the authorization table read.
 */
export async function registerRouteModules<Context>(
  app: ServiceApp,
  modules: readonly RouteModule<Context>[],
  context: Context,
): Promise<void> {
  for (const module of modules) {
    const served = new Set<string>();
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) if (method !== 'HEAD') served.add(routeKey(method, route.url));
      });
      await module.register(scope as ServiceApp, context);
    });
    await app.after();
    const listed = new Set(module.serves.map((route) => routeKey(route.method, route.path)));
    const unlisted = [...served].filter((key) => !listed.has(key) && !listed.has(key.replace(/\/$/, '')));
    const unserved = [...listed].filter((key) => !served.has(key));
    if (unlisted.length || unserved.length) {
      throw new Error(
        `A route module's list and its routes differ: serves unlisted [${unlisted.join(', ')}], ` +
          `lists unserved [${unserved.join(', ')}]`,
      );
    }
  }
}

/** The URL segments a route file's place stands for: `api/admin/accounts.ts` → api, admin, accounts. */
export function routeFileSegments(relativeFile: string): string[] {
  const segments = relativeFile
    .replace(/\\/g, '/')
    .replace(/\.(ts|js)$/, '')
    .split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return segments;
}

/** Whether a route file at `relativeFile` (below src/routes) may serve `path`. */
export function fileMayServe(relativeFile: string, path: string): boolean {
  const fileSegments = routeFileSegments(relativeFile);
  const urlSegments = path.split('/').filter(Boolean);
  return fileSegments.every((segment, i) => urlSegments[i] === segment);
}

/** A route file found below src/routes, with what it exports. */
export interface RouteFile {
  /** Below src/routes, with `/` separators. */
  file: string;
  module: unknown;
}

const isRouteModule = (value: unknown): value is RouteModule<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as RouteModule<unknown>).serves) &&
  typeof (value as RouteModule<unknown>).register === 'function';

/**
 * What breaks the rule "the folder is the URL" in a service: a route file that is not a route module, a route
 * served from a folder its path does not imply, a route served twice, a declared route of this service that no
 * file serves, and a route module the service does not register. Empty when the layout holds.
 */
export function routeLayoutProblems(options: {
  files: readonly RouteFile[];
  /** The modules the service registers (its routes index). */
  registered: readonly RouteModule<never>[];
  /** Every declaration this service must serve. */
  declared: readonly RouteDeclaration[];
}): string[] {
  const problems: string[] = [];
  const servedBy = new Map<string, string>();
  for (const { file, module } of options.files) {
    if (!isRouteModule(module)) {
      problems.push(`${file} does not default-export a routeModule(…)`);
      continue;
    }
    if (!options.registered.includes(module as RouteModule<never>))
      problems.push(`${file} is not registered by the service's routes index`);
    for (const route of module.serves) {
      const key = routeKey(route.method, route.path);
      if (!fileMayServe(file, route.path))
        problems.push(`${key} is served from ${file}; its path implies ${route.path.split('/:')[0]}`);
      const other = servedBy.get(key);
      if (other) problems.push(`${key} is served by both ${other} and ${file}`);
      servedBy.set(key, file);
    }
  }
  for (const route of options.declared) {
    const key = routeKey(route.method, route.path);
    if (!servedBy.has(key)) problems.push(`${key} (${route.name}) is declared but no route file serves it`);
  }
  const declaredKeys = new Set(options.declared.map((route) => routeKey(route.method, route.path)));
  for (const key of servedBy.keys())
    if (!declaredKeys.has(key)) problems.push(`${key} is served but not declared for this service`);
  return problems;
}
