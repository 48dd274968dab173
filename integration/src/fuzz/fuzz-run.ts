// The fuzz run shared by `npm test` (a fixed seed, few requests per route) and `npm run bench` (FUZZ_RUNS
// requests per route, FUZZ_SEED or a fresh seed): every operation of the services' OpenAPI documents, sent
// through one channel, each answer checked for a server error, and each refusal for stored data it changed.
import fc from 'fast-check';
import type { Db } from 'mongodb';
import { ROUTES, type RouteDeclaration } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import type { BehindGateway } from '../support/behind-gateway';
import { routeRequests, type FuzzRequest, type RequestContext } from './route-requests';
import type { Caller, FuzzAnswer } from './send-request';
import { changes, snapshot } from './stored-data';

export type Owner = 'gateway' | 'text' | 'speech';

/** An operation of a service's OpenAPI document with the declaration it was built from. */
export interface Operation {
  owner: Owner;
  route: RouteDeclaration;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

function undeclared(owner: Owner, method: string, path: string, id: string): RouteDeclaration {
  return {
    name: id || `${owner} ${method} ${path}`,
    method: method as RouteDeclaration['method'],
    path: path.replace(/\{([^}]+)\}/g, ':$1'),
    owner,
    access: 'public',
    summary: '',
    tag: '',
    reply: {},
  };
}

/**
 * Every operation the three services publish in their OpenAPI documents, each with its declaration (the
 * document's operationId is the declaration's name, `Slash` added for the twin served with a final '/').
 * An operation no declaration explains is fuzzed with its path alone.
 */
export async function publishedOperations(apps: Readonly<Record<Owner, ServiceApp>>): Promise<Operation[]> {
  const byName = new Map(ROUTES.map((route) => [route.name, route]));
  const operations: Operation[] = [];
  for (const [owner, app] of Object.entries(apps) as Array<[Owner, ServiceApp]>) {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`${owner} has no OpenAPI document: ${res.statusCode}`);
    const doc = res.json<OpenApiDocument>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'head' || method === 'options') continue;
        const id = operation.operationId ?? '';
        const route = byName.get(id) ?? byName.get(id.replace(/Slash$/, ''));
        if (!route) {
          // A probe the kit serves outside the declarations (health, readiness): fuzzed with what its
          // document says, which is its path alone.
          operations.push({ owner, route: undeclared(owner, method.toUpperCase(), path, id) });
          continue;
        }
        operations.push({
          owner,
          route: id.endsWith('Slash') ? { ...route, name: id, path: `${route.path}/` } : route,
        });
      }
    }
  }
  return operations;
}

/** Read routes that store something by design, by name: the collections they may change, with why. */
const READS_THAT_WRITE: Readonly<Record<string, RegExp>> = {
  // A recording's smaller rendition is made on its first request and kept for the next ones.
  getAudioFile: /^speech\.(audio\.files|audio\.chunks|audio_renditions):/,
};

export interface Finding {
  route: string;
  kind: string;
  request: string;
  problem: string;
}

export interface RouteTally {
  sent: number;
  /** Requests the client would not form (a header value Node refuses): not sent, not counted. */
  unsendable: number;
  byStatus: Record<string, number>;
  /** Time spent looking at the databases. */
  snapshotMs: number;
}

export interface Channel {
  name: string;
  send(operation: Operation, request: FuzzRequest, caller: Caller): Promise<FuzzAnswer | null>;
  /** The caller of this channel for one route (a session at the gateway, an identity at a service). */
  caller(operation: Operation): Promise<Caller>;
}

const describeRequest = (r: FuzzRequest) => {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${String(v).slice(0, 80)}`)
    .join(' | ');
  const body = r.body ? ` body(${r.body.length} B): ${r.body.subarray(0, 120).toString('utf8')}` : '';
  return `${r.method} ${r.url.slice(0, 200)} [${headers}]${body}`;
};

/**
 * The database a route's handler writes: its owner's. (The gateway's own bookkeeping of a proxied request,
 * its rate limits and sessions, is not stored data; its accounts are the gateway routes'.)
 */
export function databaseOf(platform: BehindGateway, owner: Owner): Record<string, Db> {
  const all: Record<Owner, Db> = {
    gateway: platform.gateway.database!.db,
    text: platform.text.app.database!.db,
    speech: platform.speech.app.database!.db,
  };
  return { [owner]: all[owner] };
}

/**
 * Sends `runs` generated requests for each operation through `channel`, one at a time (so a change of stored
 * data belongs to one request), and returns what broke: an answer of 5xx, no answer at all, or a refusal
 * (4xx) after which a collection's count or documents differ.
 */
export async function fuzzOperations(options: {
  platform: BehindGateway;
  operations: readonly Operation[];
  channel: Channel;
  context: (operation: Operation, caller: Caller) => RequestContext;
  runs: number;
  seed: number;
}): Promise<{ findings: Finding[]; tally: Map<string, RouteTally> }> {
  const { platform, operations, channel, runs, seed } = options;
  const findings: Finding[] = [];
  const tally = new Map<string, RouteTally>();
  for (const [at, operation] of operations.entries()) {
    const { route } = operation;
    const caller = await channel.caller(operation);
    const counts: RouteTally = { sent: 0, unsendable: 0, byStatus: {}, snapshotMs: 0 };
    tally.set(route.name, counts);
    const dbs = databaseOf(platform, operation.owner);
    const reads = route.method === 'GET';
    const found = (request: FuzzRequest, problem: string) => {
      findings.push({ route: route.name, kind: request.kind, request: describeRequest(request), problem });
      return false;
    };
    // A write's 'after' is the next one's 'before': one look at the database per request. A read route's
    // requests, accepted or refused, must change nothing: one look before them all and one after.
    let last = await snapshot(dbs);
    const first = last;
    const property = fc.asyncProperty(
      routeRequests(route, options.context(operation, caller)),
      async (request) => {
        const before = last;
        const answer = await channel.send(operation, request, caller);
        if (!reads) {
          const started = performance.now();
          last = await snapshot(dbs);
          counts.snapshotMs += performance.now() - started;
        }
        if (!answer) {
          counts.unsendable++;
          return true;
        }
        counts.sent++;
        const bucket = `${String(answer.status).slice(0, 1)}xx`;
        counts.byStatus[bucket] = (counts.byStatus[bucket] ?? 0) + 1;
        if (answer.status === 0) return found(request, `no answer (${answer.text})`);
        if (answer.status >= 500)
          return found(request, `${answer.status} ${answer.code ?? ''} ${answer.text.slice(0, 200)}`);
        if (answer.status >= 400 && !reads) {
          const changed = changes(before, last);
          if (changed.length)
            return found(
              request,
              `refused with ${answer.status} ${answer.code ?? ''} yet stored data changed: ${changed.join('; ')}`,
            );
        }
        return true;
      },
    );
    // Every route's own seed, so a route added later does not change the requests of the others.
    const before = findings.length;
    const result = await fc.check(property, { seed: seed + at, numRuns: runs, endOnFailure: true });
    const foundInRun = findings.length > before;
    if (reads) {
      const changed = changes(first, await snapshot(dbs)).filter(
        (c) => !READS_THAT_WRITE[route.name]?.test(c),
      );
      if (changed.length)
        findings.push({
          route: route.name,
          kind: 'reads',
          request: '',
          problem: `stored data changed: ${changed.join('; ')}`,
        });
    }
    // A property that threw (rather than one that found a problem above) is a broken generator or client.
    if (result.failed && !foundInRun) {
      findings.push({
        route: route.name,
        kind: 'the run',
        request: '',
        problem: String(result.errorInstance),
      });
    }
  }
  return { findings, tally };
}
