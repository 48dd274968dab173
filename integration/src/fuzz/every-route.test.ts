// Every operation of the services' OpenAPI documents with generated valid and hostile requests (wrong types,
// missing and extra fields, huge strings, deep JSON, broken multipart, bad ranges, Unicode edge cases, bad
// cookies, headers and Idempotency-Keys), first by `inject` into the service that serves it, then over HTTP
// through the real gateway in front of the real services. Pass: no answer of 5xx, and no refusal that
// changed stored data. `npm test` sends a few requests per route with a fixed seed; `npm run bench` runs
// FUZZ_RUNS per route (FUZZ_SEED to repeat one).
import type { Identity } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startBehindGateway, type BehindGateway } from '../support/behind-gateway';
import { makeResources, person, type Owners, type Resources } from '../support/per-person-resources';
import { resourceOf } from '../support/resource-params';
import {
  fuzzOperations,
  publishedOperations,
  type Channel,
  type Finding,
  type Operation,
  type Owner,
} from './fuzz-run';
import { injected, overHttp } from './send-request';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** `random`: a new seed each run (printed, to repeat it with FUZZ_SEED). */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_128);
/** A channel's whole run may take 20 s for each request per route (room for a loaded machine). */
const TIMEOUT_MS = Math.max(600_000, RUNS * 20_000);

describe('every published route with valid and hostile requests', () => {
  let platform: BehindGateway;
  let owners: Owners;
  let resources: Resources;
  let operations: Operation[];
  let apps: Record<Owner, ServiceApp>;

  beforeAll(async () => {
    platform = await startBehindGateway('fuzz');
    owners = {
      contributor: await person(platform, 'contributor'),
      researcher: await person(platform, 'researcher'),
      manager: await person(platform, 'manager'),
    };
    resources = await makeResources(platform, owners);
    apps = { gateway: platform.gateway, text: platform.text.app, speech: platform.speech.app };
    operations = await publishedOperations(apps);
    console.log(
      `fuzz: seed ${SEED}, ${RUNS} requests per route and channel, ${operations.length} operations`,
    );
  }, 120_000);
  afterAll(() => platform?.close());

  /**
   * An admin (admitted everywhere): each write route of the gateway's gets one of its own, so one that ends
   * sessions or deletes the account ends only theirs; the other routes share one.
   */
  let reader: Promise<{ cookie: string; identity: Identity }> | undefined;
  const admin = async (operation: Operation): Promise<{ cookie: string; identity: Identity }> => {
    if (operation.route.method !== 'GET' && operation.owner === 'gateway') return person(platform, 'admin');
    reader ??= person(platform, 'admin');
    return reader;
  };
  const context = (operation: Operation, caller: { cookie?: string }) => ({
    cookie: caller.cookie ?? '',
    params: resourceOf(operation.route)?.params(resources, owners) ?? {},
  });

  const report = (
    name: string,
    findings: Finding[],
    tally: Awaited<ReturnType<typeof fuzzOperations>>['tally'],
  ) => {
    const sent = [...tally.values()].reduce((n, t) => n + t.sent, 0);
    const byStatus: Record<string, number> = {};
    for (const t of tally.values())
      for (const [k, v] of Object.entries(t.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
    const snapshotMs = [...tally.values()].reduce((n, t) => n + t.snapshotMs, 0);
    const slowest = [...tally.entries()].sort((a, b) => b[1].snapshotMs - a[1].snapshotMs).slice(0, 3);
    console.log(
      `fuzz ${name}: ${sent} requests, by status ${JSON.stringify(byStatus)}, ${findings.length} findings; ` +
        `${Math.round(snapshotMs)} ms looking at the databases (${slowest.map(([n, t]) => `${n} ${Math.round(t.snapshotMs)}`).join(', ')})`,
    );
    if (findings.length)
      console.log(findings.map((f) => `${f.route} — ${f.kind}: ${f.problem}\n    ${f.request}`).join('\n'));
    return sent;
  };

  it(
    'by inject into the service that serves each route: no server error, refusals change nothing',
    async () => {
      const channel: Channel = {
        name: 'inject',
        async caller(operation) {
          const who = await admin(operation);
          return operation.owner === 'gateway' ? { cookie: who.cookie } : { identity: who.identity };
        },
        send: (operation, request, caller) => injected(apps[operation.owner], request, caller),
      };
      const cookies = new Map<Operation, string>();
      const { findings, tally } = await fuzzOperations({
        platform,
        operations,
        channel: {
          ...channel,
          async caller(operation) {
            const caller = await channel.caller(operation);
            if ('cookie' in caller) cookies.set(operation, caller.cookie);
            return caller;
          },
        },
        context: (operation) => context(operation, { cookie: cookies.get(operation) ?? 'plt=none' }),
        runs: RUNS,
        seed: SEED,
      });
      const sent = report('inject', findings, tally);
      expect(findings).toEqual([]);
      expect(sent).toBeGreaterThan(operations.length * RUNS * 0.8);
    },
    TIMEOUT_MS,
  );

  it(
    'over HTTP through the gateway: no server error, refusals change nothing',
    async () => {
      // Routes only a service may call are not routed by the gateway: they are fuzzed by inject above.
      const routed = operations.filter(
        (o) => o.route.access !== 'service' && o.route.owner !== 'every-service',
      );
      const { findings, tally } = await fuzzOperations({
        platform,
        operations: routed,
        channel: {
          name: 'http',
          caller: async (operation) => ({ cookie: (await admin(operation)).cookie }),
          send: (_operation, request, caller) => overHttp(platform.base, request, caller),
        },
        context: (operation, caller) => context(operation, caller as { cookie: string }),
        runs: RUNS,
        seed: SEED + 1_000,
      });
      const sent = report('through the gateway', findings, tally);
      expect(findings).toEqual([]);
      expect(sent).toBeGreaterThan(routed.length * RUNS * 0.8);
    },
    TIMEOUT_MS,
  );
});
