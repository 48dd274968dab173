/** Who answers a public path: a backend service (proxied) or the gateway itself. */
export type ServiceName = 'text' | 'speech';
export type RouteOwner = ServiceName | 'gateway';

export interface RoutingRule {
  /** Matches the path itself and anything below it (segment-aware: /api/text does not match /api/texts). */
  prefix: string;
  /** Only the path itself, nothing below it. */
  exact?: boolean;
  /** Only these methods (upper case); any method when absent. HEAD counts as GET. */
  methods?: readonly string[];
  owner: RouteOwner;
}

/**
 * The one routing table: the first rule that matches wins, so more specific rules come first.
 * Sentences are split by what is done with them: the round, skips and reports are Speak's (speech service,
 * which keeps the recordable copy and each person's marks); writing sentences is Write's (text service).
 */
export const ROUTING_TABLE: readonly RoutingRule[] = [
  { prefix: '/api/sentences', exact: true, methods: ['POST'], owner: 'text' },
  { prefix: '/api/sentences/batch', owner: 'text' },
  { prefix: '/api/sentences/bulk', owner: 'text' },
  { prefix: '/api/sentences', owner: 'speech' },
  { prefix: '/api/text-audio-pairs', owner: 'text' },
  { prefix: '/api/text', owner: 'text' },
  { prefix: '/api/recordings', owner: 'speech' },
  { prefix: '/api/user/stats', owner: 'speech' },
  { prefix: '/api/user/preferences', owner: 'speech' },
  { prefix: '/api/audio', owner: 'speech' },
  { prefix: '/audio', owner: 'speech' },
  { prefix: '/api/contact', owner: 'gateway' },
  { prefix: '/auth', owner: 'gateway' },
];

/** Path families the browser never gets the shell for (they are API, not pages). */
export const API_PREFIXES = ['/api', '/auth', '/audio'] as const;

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

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
