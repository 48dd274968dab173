import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import {
  getInternalSpeechFigures,
  getInternalTextFigures,
  LANGUAGE_GOAL_HOURS,
  LANGUAGES,
  PUBLIC_STATS_CACHE_SECONDS,
  type RouteDeclaration,
  type SpeechFigures,
  type TextFigures,
} from '@platform/contracts';
import { HttpError, verifyIdentity, type ServiceApp, type ServiceClient } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';
import { combineFigures, FiguresCache, FIGURES_RETRY_MS } from './figures';

const ID = (n: number) => n.toString(16).padStart(24, '0');

/** What the two services store in the examples below. */
const speech = (): SpeechFigures => ({
  languages: [
    { language: 'yo', recordings: 120, hoursRecorded: 1.23456, hoursValidated: 0.5, speakers: 7 },
    { language: 'ha', recordings: 3, hoursRecorded: 0.004, hoursValidated: 0, speakers: 1 },
  ],
  donations: 4,
  recordingsValidated: 97,
  recordingsRejected: 3,
  activeContributors: [ID(1), ID(2), ID(3)],
});
const text = (): TextFigures => ({
  languages: [
    { language: 'yo', sentencesStored: 300, sentencesApproved: 250, textPairsApproved: 11 },
    { language: 'en', sentencesStored: 0, sentencesApproved: 0, textPairsApproved: 11 },
    { language: 'pcm', sentencesStored: 9, sentencesApproved: 2, textPairsApproved: 0 },
  ],
  textPairsStored: 15,
  activeContributors: [ID(3), ID(4)],
});
const AT = new Date('2026-11-26T12:00:00.000Z');

/** Lets a refresh that runs behind an answer finish (the fake services answer at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Reads until `done` holds, for a refresh that runs behind an answer over real HTTP. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('the public figures, combined from both services', () => {
  it('counts the languages that have a recording, a sentence or a text pair (a donation is English and Yoruba)', () => {
    expect(combineFigures(speech(), text(), AT).stats.languages).toBe(4); // yo, ha, en, pcm
    const quiet: TextFigures = { languages: [], textPairsStored: 0, activeContributors: [] };
    expect(combineFigures({ ...speech(), languages: [], donations: 1 }, quiet, AT).stats.languages).toBe(2);
    expect(combineFigures({ ...speech(), languages: [], donations: 0 }, quiet, AT).stats.languages).toBe(0);
    // A language row with only zeros is no data.
    const zeros: SpeechFigures = {
      ...speech(),
      donations: 0,
      languages: [{ language: 'ig', recordings: 0, hoursRecorded: 0, hoursValidated: 0, speakers: 0 }],
    };
    expect(combineFigures(zeros, quiet, AT).stats.languages).toBe(0);
  });

  it('counts each active contributor once, whichever services saw them', () => {
    expect(combineFigures(speech(), text(), AT).stats.activeContributors).toBe(4);
  });

  it('adds recordings, donations, stored sentences and stored text pairs into data points', () => {
    expect(combineFigures(speech(), text(), AT).stats.dataPoints).toBe(120 + 3 + 4 + 300 + 0 + 9 + 15);
  });

  it('gives the validated share of decided recordings to one decimal, and null before any is decided', () => {
    expect(combineFigures(speech(), text(), AT).stats.validationAccuracy).toBe(97);
    const third = { ...speech(), recordingsValidated: 2, recordingsRejected: 1 };
    expect(combineFigures(third, text(), AT).stats.validationAccuracy).toBe(66.7);
    const none = { ...speech(), recordingsValidated: 0, recordingsRejected: 0 };
    expect(combineFigures(none, text(), AT).stats.validationAccuracy).toBeNull();
  });

  it('gives one row per platform language, in order, with hours to two decimals and each goal', () => {
    const { languages, stats } = combineFigures(speech(), text(), AT);
    expect(languages.computedAt).toBe(AT.toISOString());
    expect(stats.computedAt).toBe(AT.toISOString());
    expect(languages.languages.map((l) => l.language)).toEqual(LANGUAGES.map((l) => l.code));
    expect(languages.languages[0]).toEqual({
      language: 'yo',
      hoursRecorded: 1.2346,
      hoursValidated: 0.5,
      speakers: 7,
      sentences: 250,
      textPairs: 11,
      goalHours: LANGUAGE_GOAL_HOURS.yo,
    });
    expect(languages.languages.find((l) => l.language === 'ig')).toEqual({
      language: 'ig',
      hoursRecorded: 0,
      hoursValidated: 0,
      speakers: 0,
      sentences: 0,
      textPairs: 0,
      goalHours: LANGUAGE_GOAL_HOURS.ig,
    });
    // A few seconds of audio still show: hours keep four decimals (a third of a second).
    expect(languages.languages.find((l) => l.language === 'ha')?.hoursRecorded).toBe(0.004);
  });
});

/** A service client answering from a function the test changes, counting the calls. */
function fakeClient(answer: () => Promise<unknown>) {
  const client = {
    calls: 0,
    answer,
    async call<D extends RouteDeclaration>(_route: D) {
      client.calls++;
      return (await client.answer()) as never;
    },
  };
  return client satisfies ServiceClient;
}

describe('FiguresCache', () => {
  let clock = 0;
  const ttlMs = 60_000;
  const make = () => {
    const s = fakeClient(async () => speech());
    const t = fakeClient(async () => text());
    const cache = new FiguresCache({ speech: s, text: t, ttlMs, now: () => clock });
    return { s, t, cache };
  };

  it('asks the services once per TTL, and again after', async () => {
    const { s, t, cache } = make();
    const first = await cache.get();
    clock += ttlMs - 1;
    expect(await cache.get()).toBe(first);
    expect([s.calls, t.calls]).toEqual([1, 1]);
    clock += 1;
    // Past the TTL the last figures answer at once; the refresh runs behind them.
    expect(await cache.get()).toBe(first);
    expect([s.calls, t.calls]).toEqual([2, 2]);
    await settle();
    expect(await cache.get()).not.toBe(first);
    expect([s.calls, t.calls]).toEqual([2, 2]);
  });

  it('lets callers that arrive during a computation share it', async () => {
    let release: (v: SpeechFigures) => void = () => undefined;
    const { s, t, cache } = make();
    s.answer = () => new Promise<SpeechFigures>((resolve) => (release = resolve));
    const waiting = [cache.get(), cache.get(), cache.get()];
    await Promise.resolve();
    release(speech());
    const answers = await Promise.all(waiting);
    expect(new Set(answers).size).toBe(1);
    expect([s.calls, t.calls]).toEqual([1, 1]);
  });

  it('serves the last figures when a service fails, and 503 when it has none', async () => {
    const { s, t, cache } = make();
    t.answer = async () => {
      throw new HttpError(503, 'service.unavailable');
    };
    await expect(cache.get()).rejects.toMatchObject({ statusCode: 503, code: 'service.unavailable' });
    t.answer = async () => text();
    const good = await cache.get();
    clock += ttlMs;
    s.answer = async () => {
      throw new Error('speech down');
    };
    expect(await cache.get()).toBe(good);
    expect(s.calls).toBe(3);
    await settle();
    // The services are left alone for a while after a failure, then asked again.
    s.answer = async () => ({ ...speech(), donations: 1000 });
    clock += FIGURES_RETRY_MS - 1;
    expect(await cache.get()).toBe(good);
    expect(s.calls).toBe(3);
    clock += 1;
    expect(await cache.get()).toBe(good);
    await settle();
    expect((await cache.get()).stats.dataPoints).toBe(good.stats.dataPoints - 4 + 1000);
  });
});

describe('GET /api/public/stats and /api/public/languages through the gateway', () => {
  const SECRET = 'public-figures-secret';
  let gateway: AccountsGateway;
  let stub: FastifyInstance;
  let app: ServiceApp;
  let clock = Date.now();
  let stubUrl = '';
  const seen = { speech: 0, text: 0, unsigned: 0 };
  const state = { failing: false, donations: 4 };

  beforeAll(async () => {
    stub = Fastify({ logger: false });
    const serve = (route: RouteDeclaration, service: 'speech' | 'text', body: () => unknown) =>
      stub.get(route.path, async (request, reply) => {
        const check = verifyIdentity(request.headers, SECRET, { method: 'GET', url: request.url, service });
        if (!check.ok) {
          seen.unsigned++;
          return reply.code(401).send({});
        }
        seen[service]++;
        if (state.failing) return reply.code(500).send({});
        return body();
      });
    serve(getInternalSpeechFigures, 'speech', () => ({ ...speech(), donations: state.donations }));
    serve(getInternalTextFigures, 'text', () => text());
    await stub.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    stubUrl = url;
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwfigures',
      now: () => clock,
      background: new BackgroundWork(),
    });
    app = await gateway.build({ upstreams: { text: url, speech: url } });
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await stub?.close();
  });

  it('answers the combined figures to anyone, cacheable, asking each service once per TTL', async () => {
    const stats = await app.inject({ url: '/api/public/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.headers['cache-control']).toBe(`public, max-age=${PUBLIC_STATS_CACHE_SECONDS}`);
    expect(stats.json()).toEqual({
      languages: 4,
      activeContributors: 4,
      dataPoints: 451,
      validationAccuracy: 97,
      computedAt: new Date(clock).toISOString(),
    });
    const languages = await app.inject({ url: '/api/public/languages' });
    expect(languages.statusCode).toBe(200);
    expect(languages.headers['cache-control']).toBe(`public, max-age=${PUBLIC_STATS_CACHE_SECONDS}`);
    expect(languages.json().languages).toHaveLength(LANGUAGES.length);
    expect(seen).toEqual({ speech: 1, text: 1, unsigned: 0 });

    state.donations = 10;
    clock += PUBLIC_STATS_CACHE_SECONDS * 1000 - 1;
    expect((await app.inject({ url: '/api/public/stats' })).json().dataPoints).toBe(451);
    expect(seen).toEqual({ speech: 1, text: 1, unsigned: 0 });
    clock += 1;
    // Past the TTL: the last figures at once, and the services asked behind them.
    expect((await app.inject({ url: '/api/public/stats' })).json().dataPoints).toBe(451);
    const refreshed = await eventually(
      async () => (await app.inject({ url: '/api/public/stats' })).json().dataPoints,
      (points) => points === 457,
    );
    expect(refreshed).toBe(457);
    expect(seen).toEqual({ speech: 2, text: 2, unsigned: 0 });
  });

  it('serves the last figures while a service fails', async () => {
    state.failing = true;
    clock += PUBLIC_STATS_CACHE_SECONDS * 1000;
    const res = await app.inject({ url: '/api/public/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataPoints).toBe(457);
    // The failed refresh leaves them in place too.
    const later = await eventually(
      async () => (await app.inject({ url: '/api/public/stats' })).statusCode,
      () => seen.speech >= 3 && seen.text >= 3,
    );
    expect(later).toBe(200);
    state.failing = false;
  });

  it('answers 503 service.unavailable when a service fails and nothing was computed yet', async () => {
    state.failing = true;
    // Another gateway process: its cache starts empty.
    const fresh = await gateway.build({ upstreams: { text: stubUrl, speech: stubUrl } });
    const res = await fresh.inject({ url: '/api/public/languages' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service.unavailable');
    state.failing = false;
  });
});
