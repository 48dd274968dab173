// What a route's declaration lets each caller do, and whether an answer keeps to it: the expectations of the
// authorization table, read from `access`, `apiToken` and `owner` alone.
import type { Role, RouteDeclaration } from '@platform/contracts';
import type { Answer } from './route-request';

/**
 * A caller of the table: nobody, a person of a role with a session, a person's API token, or nobody sending
 * the identity headers services trust, claiming a role and signed with the services' own secret (as if it
 * had leaked): the gateway must drop them, so such a caller is signed out.
 */
export type Caller =
  | { kind: 'signedOut' }
  | { kind: 'person'; role: Role }
  | { kind: 'token'; role: Role }
  | { kind: 'impostor'; role: Role };

export function callerName(caller: Caller): string {
  switch (caller.kind) {
    case 'signedOut':
      return 'signed out';
    case 'token':
      return `${caller.role}'s API token`;
    case 'impostor':
      return `signed out, with signed identity headers of an ${caller.role}`;
    default:
      return caller.role;
  }
}

/** What the caller must get: let through to the route's own work, or refused with a status (and code). */
export type Expected = { admitted: true } | { admitted: false; status: readonly number[]; code?: string };

const refused = (status: number | readonly number[], code?: string): Expected => ({
  admitted: false,
  status: typeof status === 'number' ? [status] : status,
  ...(code ? { code } : {}),
});

export function expectedFor(route: RouteDeclaration, caller: Caller): Expected {
  if (route.access === 'service' || route.owner === 'every-service') {
    // The gateway routes no service-only path to a service; the ones it serves itself want a service's signed
    // identity, which no session or token carries.
    return route.owner === 'gateway' ? refused([401, 403]) : refused(404);
  }
  if (caller.kind === 'token' && !route.apiToken) return refused(403, 'access.token_forbidden');
  if (caller.kind === 'signedOut' || caller.kind === 'impostor') {
    return route.access === 'public' ? { admitted: true } : refused(401);
  }
  if (route.access === 'public' || route.access === 'signedIn') return { admitted: true };
  return caller.role === 'admin' || route.access.includes(caller.role)
    ? { admitted: true }
    : refused(403, 'access.role_forbidden');
}

/**
 * Why an answer breaks the expectation, or null when it keeps to it. An admitted caller may be refused by the
 * route's own rules (a missing resource, a bad body, 403 for a rule the route declares), never for access.
 */
export function mismatch(route: RouteDeclaration, expected: Expected, answer: Answer): string | null {
  if (answer.status >= 500) return 'a server error';
  if (!expected.admitted) {
    if (!expected.status.includes(answer.status)) return `expected ${expected.status.join(' or ')}`;
    if (expected.code && answer.code !== expected.code) return `expected code ${expected.code}`;
    return null;
  }
  if (answer.status === 401) return 'refused as signed out';
  if (answer.status === 403) {
    if (answer.code?.startsWith('access.')) return 'refused for access';
    if (!route.errors?.includes(403)) return 'a 403 the route does not declare';
  }
  return null;
}
