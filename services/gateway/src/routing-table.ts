/** Who answers a public path: a backend service (proxied) or the gateway itself. */
export type ServiceName = 'text' | 'speech';
export type RouteOwner = ServiceName | 'gateway';

export interface RoutingRule {
  /** Matches the path itself and anything below it (segment-aware: /api/text does not match /api/texts). */
  prefix: string;
  owner: RouteOwner;
}

/** The one routing table. Order matters only where prefixes nest; more specific first. */
export const ROUTING_TABLE: readonly RoutingRule[] = [
  { prefix: '/api/sentences', owner: 'text' },
  { prefix: '/api/text-audio-pairs', owner: 'text' },
  { prefix: '/api/text', owner: 'text' },
  { prefix: '/api/recordings', owner: 'speech' },
  { prefix: '/api/user/stats', owner: 'speech' },
  { prefix: '/api/audio', owner: 'speech' },
  { prefix: '/audio', owner: 'speech' },
  { prefix: '/api/contact', owner: 'gateway' },
  { prefix: '/auth', owner: 'gateway' },
];

/** Path families the browser never gets the shell for (they are API, not pages). */
export const API_PREFIXES = ['/api', '/auth', '/audio'] as const;

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function ownerOf(path: string, table: readonly RoutingRule[] = ROUTING_TABLE): RouteOwner | null {
  for (const rule of table) if (under(path, rule.prefix)) return rule.owner;
  return null;
}

export const isApiPath = (path: string) => API_PREFIXES.some((p) => under(path, p));
