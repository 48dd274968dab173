import {
  API_PREFIXES,
  ROUTES,
  type RouteDeclaration,
  type RouteOwner,
  type ServiceName,
} from '@platform/contracts';

export type { RouteOwner, ServiceName };

export interface RoutingRule {
  /** Matches the path itself and anything below it (segment-aware: /api/text does not match /api/texts). */
  prefix: string;
  /** Only the path itself, nothing below it. */
  exact?: boolean;
  /** Only these methods (upper case); any method when absent. HEAD counts as GET. */
  methods?: readonly string[];
  owner: RouteOwner;
}

/** Path families the browser never gets the shell for (they are API, not pages). */
export { API_PREFIXES };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The fixed part of a declared path: everything before its first `:param` segment. */
export function staticPrefix(path: string): string {
  const segments = path.split('/');
  const firstParam = segments.findIndex((s) => s.startsWith(':'));
  return firstParam < 0 ? path : segments.slice(0, firstParam).join('/');
}

const publicRoute = (route: RouteDeclaration) =>
  route.owner !== 'every-service' && API_PREFIXES.some((p) => route.path.startsWith(`${p}/`));

/**
 * The routing table, derived from the route declarations: each fixed prefix belongs to the owner of the
 * routes under it. Where two owners share a prefix (GET /api/sentences is Speak's round, POST writes a
 * sentence), the owner with the fewer routes there keeps only its exact paths and methods and the other
 * owns the prefix. The first matching rule wins, so longer prefixes come first and, for one prefix, the
 * method-bound rule before the general one; a prefix inside another with the same owner adds nothing.
 */
export function deriveRoutingTable(routes: readonly RouteDeclaration[]): RoutingRule[] {
  const byPrefix = new Map<string, RouteDeclaration[]>();
  for (const route of routes.filter(publicRoute)) {
    const prefix = staticPrefix(route.path);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), route]);
  }
  const rules: RoutingRule[] = [];
  for (const [prefix, declared] of byPrefix) {
    const owners = [...new Set(declared.map((r) => r.owner as RouteOwner))];
    const count = (owner: RouteOwner) => declared.filter((r) => r.owner === owner).length;
    owners.sort((a, b) => count(b) - count(a));
    const [main, ...others] = owners;
    for (const owner of others) {
      const own = declared.filter((r) => r.owner === owner);
      const below = own.find((r) => r.path !== prefix);
      if (below) {
        throw new Error(
          `${below.name} (${owner}) shares ${prefix} with ${main} routes; give it its own prefix`,
        );
      }
      rules.push({ prefix, exact: true, methods: own.map((r) => r.method), owner });
    }
    rules.push({ prefix, owner: main! });
  }
  rules.sort((a, b) => b.prefix.length - a.prefix.length || Number(!!b.exact) - Number(!!a.exact));
  // A general rule inside a general rule of the same owner adds nothing.
  return rules.filter((rule) => {
    if (rule.exact) return true;
    const outer = rules.find((other) => !other.exact && other !== rule && under(rule.prefix, other.prefix));
    return !outer || outer.owner !== rule.owner;
  });
}

/** The one routing table, from the declarations in libs/contracts. */
export const ROUTING_TABLE: readonly RoutingRule[] = deriveRoutingTable(ROUTES);

function matches(rule: RoutingRule, path: string, method: string | undefined) {
  if (rule.exact ? path !== rule.prefix : !under(path, rule.prefix)) return false;
  if (!rule.methods) return true;
  // A method-bound rule needs the method; callers that do not pass one fall through to the general rule.
  if (method === undefined) return false;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return rule.methods.includes(m);
}

/** The owner of a request: pass its method so method-bound rules apply. */
export function ownerOf(
  path: string,
  table: readonly RoutingRule[] = ROUTING_TABLE,
  method?: string,
): RouteOwner | null {
  for (const rule of table) if (matches(rule, path, method)) return rule.owner;
  return null;
}

export const isApiPath = (path: string) => API_PREFIXES.some((p) => under(path, p));
