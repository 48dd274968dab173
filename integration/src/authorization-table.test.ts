// Who may call what, for every declared route, through the real gateway in front of the real text and speech
// services: signed out, as each role, and with an API token, each answer checked against what the route's
// declaration allows; then another person addressing someone's own things by their ids. The routes come from
// the declarations, so a route added later is in the table without anyone editing this file.
import { BSON, type Db } from 'mongodb';
import { ROLES, ROUTES, type Identity, type RouteDeclaration } from '@platform/contracts';
import { signIdentity } from '@platform/service-kit';
import { multipart, signedAs } from '@platform/service-kit/testing';
import { SECRET, wav } from '@platform/speech-service/testing';
import { startBehindGateway, type BehindGateway } from './support/behind-gateway';
import { callerName, expectedFor, mismatch, type Caller } from './support/expected-access';
import {
  makeResources,
  person,
  type Owners,
  type Person,
  type Resources,
} from './support/per-person-resources';
import { resourceOf, RESOURCE_PARAMS } from './support/resource-params';
import { callRoute, paramsOf, urlOf, type Credentials, type RawBody } from './support/route-request';

/** Every declared route, and the twin with a final '/' of those served at both. */
const EVERY_ROUTE: readonly RouteDeclaration[] = ROUTES.flatMap((route) =>
  route.trailingSlash ? [route, { ...route, name: `${route.name}Slash`, path: `${route.path}/` }] : [route],
);

const CALLERS: readonly Caller[] = [
  { kind: 'signedOut' },
  ...ROLES.map((role) => ({ kind: 'person' as const, role })),
  { kind: 'token', role: 'researcher' },
  { kind: 'token', role: 'admin' },
  // Made while its owner was a researcher; a token acts with its owner's role as it is now.
  { kind: 'token', role: 'contributor' },
  { kind: 'impostor', role: 'admin' },
];

/**
 * Bodies a declaration cannot describe, by route name: without them the call would be refused for its form
 * before anyone's access to the resource were looked at.
 */
const RAW_BODIES: Readonly<Record<string, RawBody>> = {
  putResumableUpload: {
    headers: { 'content-type': 'application/offset+octet-stream', 'content-range': 'bytes 0-9/4096' },
    body: new Uint8Array(10),
  },
};

/** Runs `work` on every item, `limit` at a time, answering in the items' order. */
async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Calls at once: enough to keep the three processes busy, few enough not to queue behind each other. */
const CONCURRENCY = 6;

/**
 * Answers a route gives a signed-out caller it admits that look like refusals but are the route's own: each
 * with why. Keep it short; every entry is a place where the declaration alone does not say what happens.
 */
const OWN_ANSWERS: ReadonlyArray<{ route: string; status: number; why: string }> = [
  { route: 'getAuthSession', status: 401, why: 'it says who is signed in: nobody' },
  {
    route: 'putAuthLocale',
    status: 401,
    why: 'it keeps the language with an account; the cookie is the page’s',
  },
];
/** Those answers are given to callers without a session (the only ones they look like refusals to). */
const ownAnswer = (route: RouteDeclaration, caller: Caller, status: number) =>
  (caller.kind === 'signedOut' || caller.kind === 'impostor') &&
  OWN_ANSWERS.some((o) => o.route === route.name && o.status === status);

describe('the authorization table: every declared route, every kind of caller, through the gateway', () => {
  let platform: BehindGateway;
  let owners: Owners;
  let others: Record<'contributor' | 'reviewer' | 'researcher' | 'manager', Person>;
  let resources: Resources;
  const tokenSecrets = new Map<string, string>();

  beforeAll(async () => {
    platform = await startBehindGateway('authz');
    owners = {
      contributor: await person(platform, 'contributor'),
      researcher: await person(platform, 'researcher'),
      manager: await person(platform, 'manager'),
    };
    others = {
      contributor: await person(platform, 'contributor'),
      reviewer: await person(platform, 'reviewer'),
      researcher: await person(platform, 'researcher'),
      manager: await person(platform, 'manager'),
    };
    resources = await makeResources(platform, owners);
    const admin = await person(platform, 'admin');
    for (const role of ['researcher', 'admin', 'contributor'] as const) {
      const holder = await person(platform, role === 'admin' ? 'admin' : 'researcher');
      const made = await fetch(`${platform.base}/api/tokens`, {
        method: 'POST',
        headers: { cookie: holder.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'The table' }),
      });
      tokenSecrets.set(role, ((await made.json()) as { secret: string }).secret);
      if (holder.role !== role) {
        const changed = await fetch(`${platform.base}/api/admin/accounts/${holder.identity.id}/role`, {
          method: 'PUT',
          headers: { cookie: admin.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ role }),
        });
        expect(changed.status).toBe(200);
      }
    }
  }, 120_000);
  afterAll(() => platform?.close());

  /** Real ids where the path names a resource the owners made; made-up valid ones elsewhere. */
  const realParams = (route: RouteDeclaration) => resourceOf(route)?.params(resources, owners) ?? {};

  /**
   * A write gets a person of its own, so one that ends sessions (signing out everywhere) ends only theirs;
   * reads share one person of each role.
   */
  const readers = new Map<string, Promise<Person>>();
  const credentialsOf = async (route: RouteDeclaration, caller: Caller): Promise<Credentials> => {
    if (caller.kind === 'signedOut') return null;
    if (caller.kind === 'impostor') {
      const claimed = { id: owners.contributor.identity.id, role: caller.role, name: 'Someone else' };
      const service = route.owner === 'text' || route.owner === 'speech' ? route.owner : 'gateway';
      return { headersFor: (method, url) => signIdentity(claimed, SECRET, { method, url, service }) };
    }
    if (caller.kind === 'token') return { token: tokenSecrets.get(caller.role)! };
    if (route.method !== 'GET') return { cookie: (await person(platform, caller.role)).cookie };
    if (!readers.has(caller.role)) readers.set(caller.role, person(platform, caller.role));
    return { cookie: (await readers.get(caller.role)!).cookie };
  };

  it('another person reaching someone’s own things by their ids is refused, and nothing of theirs changes', async () => {
    const before = await ownersData();
    const calls = EVERY_ROUTE.flatMap((route) => {
      const resource = resourceOf(route);
      if (!resource?.personal || route.access === 'service') return [];
      return resource.personal.others.map((role) => ({
        route,
        role,
        params: resource.params(resources, owners),
      }));
    });
    const rows = await inParallel(calls, CONCURRENCY, async ({ route, role, params }) => {
      const who = others[role as keyof typeof others];
      const answer = await callRoute(
        platform.base,
        route,
        { cookie: who.cookie },
        { params, raw: RAW_BODIES[route.name] },
      );
      return {
        refused: [403, 404].includes(answer.status),
        row: `${route.method} ${route.path} (${route.name}) as another ${role}: ${answer.status} ${answer.code ?? ''}`,
      };
    });
    const problems = rows.filter((r) => !r.refused).map((r) => r.row);
    // A donation made from someone else's uploads, named in the body.
    const fromUploads = ROUTES.find((r) => r.name === 'postAudioPairFromUploads')!;
    const donation = await callRoute(
      platform.base,
      fromUploads,
      { cookie: others.contributor.cookie },
      {
        body: {
          text_id: resources.textPair,
          user_dialect: 'standard-yoruba',
          source_upload_id: resources.resumableUpload,
          target_upload_id: resources.secondResumableUpload,
        },
      },
    );
    if (![403, 404].includes(donation.status)) {
      problems.push(
        `postAudioPairFromUploads with another's uploads: ${donation.status} ${donation.message ?? ''}`,
      );
    }
    // Marking someone else's notifications read: the call may succeed, for the caller's own, if any.
    const read = ROUTES.find((r) => r.name === 'postNotificationsRead')!;
    const marked = await callRoute(
      platform.base,
      read,
      { cookie: others.contributor.cookie },
      {
        body: { ids: resources.notifications },
      },
    );
    if (marked.status >= 500) problems.push(`postNotificationsRead with another's ids: ${marked.status}`);
    // Contributions whose body names their author (the SPEC's clients send a user_id): sent by someone else
    // in the owner's name, they are the sender's (a text pair or donation of the owner's would appear below).
    const inOwnersName = await sendInOwnersName(others.contributor);
    problems.push(
      ...inOwnersName.filter((a) => a.status !== 201).map((a) => `${a.name} in another's name: ${a.status}`),
    );

    expect(problems).toEqual([]);
    // Each kind of a person's own things was tried (a route renamed away from its resource would drop out).
    expect(new Set(calls.map((c) => resourceOf(c.route)!.at)).size).toBe(
      RESOURCE_PARAMS.filter((p) => p.personal).length,
    );
    expect(resources.notifications.length).toBeGreaterThan(0);
    expect(diff(before, await ownersData())).toEqual([]);
  }, 60_000);

  it('no listing shows another person someone’s own things', async () => {
    const lists = EVERY_ROUTE.filter((r) => r.method === 'GET' && !r.params && r.access !== 'service');
    // Each list asked plainly, and aimed at the owners' things where its query can name them: their project,
    // a word of its name, the projects the caller manages.
    const aimed = { projectId: resources.project, q: 'market', scope: 'managed' };
    const aimAt = (route: RouteDeclaration) => {
      const names = Object.keys((route.query as { properties?: object } | undefined)?.properties ?? {});
      return Object.fromEntries(Object.entries(aimed).filter(([key]) => names.includes(key)));
    };
    const calls = lists.flatMap((route) =>
      Object.entries(others)
        .filter(([, who]) => expectedFor(route, { kind: 'person', role: who.role }).admitted)
        .flatMap(([role, who]) => {
          const query = aimAt(route);
          return [
            { route, role, who, query: {} },
            ...(Object.keys(query).length ? [{ route, role, who, query }] : []),
          ];
        }),
    );
    const found = await inParallel(calls, CONCURRENCY, async ({ route, role, who, query }) => {
      const answer = await callRoute(platform.base, route, { cookie: who.cookie }, { query });
      const problems = answer.status >= 500 ? [`${route.name} as another ${role}: ${answer.status}`] : [];
      for (const resource of RESOURCE_PARAMS) {
        if (!resource.personal?.others.includes(who.role)) continue;
        const id = resource.id(resources, owners);
        if (answer.text.includes(id))
          problems.push(`${route.name} shows another ${role} the ${resource.at} ${id}`);
      }
      return problems;
    });
    const problems = found.flat();
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers every caller of every route as its declaration allows, never with a server error', async () => {
    const calls = EVERY_ROUTE.flatMap((route) => CALLERS.map((caller) => ({ route, caller })));
    const answered = await inParallel(calls, CONCURRENCY, async ({ route, caller }) => {
      const answer = await callRoute(platform.base, route, await credentialsOf(route, caller), {
        params: realParams(route),
        raw: RAW_BODIES[route.name],
      });
      const name = callerName(caller);
      const wrong = ownAnswer(route, caller, answer.status)
        ? null
        : mismatch(route, expectedFor(route, caller), answer);
      const row = `${route.method} ${route.path} (${route.name}) ${name}: ${answer.status} ${answer.code ?? ''}`;
      return {
        row,
        problem:
          wrong &&
          `${row} — ${wrong}${answer.status >= 500 ? ` (${answer.message ?? answer.text.slice(0, 200)})` : ''}`,
      };
    });
    const rows = answered.map((a) => a.row);
    const problems = answered.flatMap((a) => (a.problem ? [a.problem] : []));
    if (problems.length) console.log(rows.join('\n'));
    expect(problems).toEqual([]);
    expect(rows.length).toBe(EVERY_ROUTE.length * CALLERS.length);
  }, 120_000);

  it('a service-only route is refused to every person at the service itself', async () => {
    const problems: string[] = [];
    const people: Identity[] = [
      ...ROLES.map((role) => ({ id: `${role}-1`, role, name: `A ${role}` })),
      { id: 'researcher-2', role: 'researcher', name: 'A researcher', via: 'api-token' },
    ];
    for (const route of ROUTES.filter((r) => r.access === 'service' && r.owner !== 'gateway')) {
      const app = route.owner === 'text' ? platform.text.app : platform.speech.app;
      const url = urlOf(route, paramsOf(route));
      for (const identity of people) {
        const res = await app.inject({
          method: route.method,
          url,
          headers: signedAs(identity),
          ...(route.body ? { payload: {} } : {}),
        });
        if (res.statusCode !== 403) problems.push(`${route.name} as ${identity.role}: ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });

  /** A text pair and a voice donation sent by `sender` with the contributing owner's id as their user_id. */
  async function sendInOwnersName(sender: Person) {
    const user_id = owners.contributor.identity.id;
    const [textPair, donation] = ['postTextPair', 'postAudioPair'].map((name) =>
      ROUTES.find((r) => r.name === name)!,
    );
    const pair = await callRoute(
      platform.base,
      textPair!,
      { cookie: sender.cookie },
      {
        body: {
          source_lang_text: 'Where is the well?',
          target_lang_text: 'Níbo ni kànga wà?',
          text_category: 'conversational',
          user_id,
        },
      },
    );
    const { payload, headers } = multipart([
      { name: 'text_id', value: resources.textPair },
      { name: 'user_id', value: user_id },
      { name: 'user_dialect', value: 'ekiti-yoruba' },
      {
        name: 'source_audio_file',
        filename: 'en.wav',
        data: wav({ seconds: 2, frequency: 440 }),
        type: 'audio/wav',
      },
      {
        name: 'target_audio_file',
        filename: 'yo.wav',
        data: wav({ seconds: 2, frequency: 660 }),
        type: 'audio/wav',
      },
    ]);
    const donated = await callRoute(
      platform.base,
      donation!,
      { cookie: sender.cookie },
      {
        raw: { headers, body: Uint8Array.from(payload) },
      },
    );
    return [
      { name: 'postTextPair', status: pair.status },
      { name: 'postAudioPair', status: donated.status },
    ];
  }

  /** Every document of the three databases that names an owner or one of their things, as extended JSON. */
  async function ownersData(): Promise<Map<string, string>> {
    const needles = [
      ...Object.values(owners).map((o) => o.identity.id),
      ...RESOURCE_PARAMS.filter((p) => p.personal).map((p) => p.id(resources, owners)),
    ];
    const found = new Map<string, string>();
    const dbs: Array<[string, Db]> = [
      ['gateway', platform.gateway.database!.db],
      ['text', platform.text.app.database!.db],
      ['speech', platform.speech.app.database!.db],
    ];
    for (const [name, db] of dbs) {
      for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for await (const doc of db.collection(collection).find()) {
          const text = BSON.EJSON.stringify(withoutOthersEntries(doc, needles));
          if (needles.some((n) => text.includes(n)))
            found.set(`${name}.${collection} ${String(doc._id)}`, text);
        }
      }
    }
    return found;
  }
});

/**
 * A document without the entries other people have in it: a field named by someone else's id (a day's active
 * people, one field each) is theirs, and changes when they act.
 */
function withoutOthersEntries(value: unknown, owners: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutOthersEntries(item, owners));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^[0-9a-f]{24}$/.test(key) || owners.includes(key))
      .map(([key, inner]) => [key, withoutOthersEntries(inner, owners)]),
  );
}

function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [key, text] of before) {
    if (!after.has(key)) changes.push(`${key} went`);
    else if (after.get(key) !== text) changes.push(`${key} changed: ${text} -> ${after.get(key)}`);
  }
  for (const key of after.keys()) if (!before.has(key)) changes.push(`${key} appeared`);
  return changes;
}
