import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import {
  getInternalSpeechFigures,
  getInternalTextFigures,
  LANGUAGE_GOAL_HOURS,
  LANGUAGES,
  type RouteDeclaration,
  type SpeechFigures,
  type TextFigures,
} from '@platform/contracts';
import { HttpError, verifyIdentity, type ServiceApp, type ServiceClient } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';
import { combineFigures, PublicFiguresSource, STALE_FIGURES_HEADER } from './figures';

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

/** An answer the test releases when it chooses: a computation still running. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release: (value: T) => release(value) };
}

describe('PublicFiguresSource', () => {
  let clock = 0;
  const make = () => {
    const s = fakeClient(async () => speech());
    const t = fakeClient(async () => text());
    const source = new PublicFiguresSource({ speech: s, text: t, now: () => clock });
    return { s, t, source };
  };

  it('asks both services for every request, so a change shows on the very next one', async () => {
    const { s, t, source } = make();
    const first = await source.get();
    expect(first).toMatchObject({ stale: false });
    expect(first.figures.stats.dataPoints).toBe(451);
    s.answer = async () => ({ ...speech(), donations: 5 });
    clock += 1;
    const second = await source.get();
    expect(second.figures.stats.dataPoints).toBe(452);
    expect(second.figures.stats.computedAt).toBe(new Date(clock).toISOString());
    expect([s.calls, t.calls]).toEqual([2, 2]);
  });

  it('answers requests that arrive during a computation with the next one, which they share', async () => {
    const { s, t, source } = make();
    const running = held<SpeechFigures>();
    s.answer = () => running.promise;
    const early = source.get();
    await Promise.resolve();
    // A write lands while the first computation runs: the requests after it must count it.
    s.answer = async () => ({ ...speech(), donations: 100 });
    const late = [source.get(), source.get(), source.get()];
    running.release(speech());
    expect((await early).figures.stats.dataPoints).toBe(451);
    const answers = await Promise.all(late);
    expect(answers.map((a) => a.figures.stats.dataPoints)).toEqual([547, 547, 547]);
    expect(new Set(answers.map((a) => a.figures)).size).toBe(1);
    // The first computation, then one for the three that waited.
    expect([s.calls, t.calls]).toEqual([2, 2]);
  });

  it('answers the last figures, marked stale, when a service fails, and 503 when it has none', async () => {
    const { s, t, source } = make();
    t.answer = async () => {
      throw new HttpError(503, 'service.unavailable');
    };
    await expect(source.get()).rejects.toMatchObject({ statusCode: 503, code: 'service.unavailable' });
    t.answer = async () => text();
    const good = await source.get();
    s.answer = async () => {
      throw new Error('speech down');
    };
    clock += 5_000;
    expect(await source.get()).toEqual({ figures: good.figures, stale: true });
    // Nothing is kept back after a failure: the services are asked again by the next request.
    s.answer = async () => ({ ...speech(), donations: 1000 });
    const back = await source.get();
    expect(back.stale).toBe(false);
    expect(back.figures.stats.dataPoints).toBe(good.figures.stats.dataPoints - 4 + 1000);
    expect([s.calls, t.calls]).toEqual([4, 4]);
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

  it('answers the combined figures to anyone, asking the services for every request', async () => {
    const stats = await app.inject({ url: '/api/public/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.headers['cache-control']).toBe('no-cache');
    expect(stats.headers[STALE_FIGURES_HEADER]).toBeUndefined();
    expect(stats.json()).toEqual({
      languages: 4,
      activeContributors: 4,
      dataPoints: 451,
      validationAccuracy: 97,
      computedAt: new Date(clock).toISOString(),
    });
    const languages = await app.inject({ url: '/api/public/languages' });
    expect(languages.statusCode).toBe(200);
    expect(languages.headers['cache-control']).toBe('no-cache');
    expect(languages.json().languages).toHaveLength(LANGUAGES.length);
    expect(seen).toEqual({ speech: 2, text: 2, unsigned: 0 });
  });

  it('shows a change on the very next request, with no time passing', async () => {
    state.donations = 10;
    const next = await app.inject({ url: '/api/public/stats' });
    expect(next.json().dataPoints).toBe(457);
    state.donations = 11;
    expect((await app.inject({ url: '/api/public/stats' })).json().dataPoints).toBe(458);
    expect(seen).toEqual({ speech: 4, text: 4, unsigned: 0 });
  });

  it('serves the last figures while a service fails, labelled stale', async () => {
    const computedAt = new Date(clock).toISOString();
    clock += 60_000;
    state.failing = true;
    const res = await app.inject({ url: '/api/public/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.headers[STALE_FIGURES_HEADER]).toBe('1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ dataPoints: 458, computedAt });
    state.failing = false;
    const back = await app.inject({ url: '/api/public/stats' });
    expect(back.headers[STALE_FIGURES_HEADER]).toBeUndefined();
    expect(back.json().computedAt).toBe(new Date(clock).toISOString());
  });

  it('answers 503 service.unavailable when a service fails and nothing was computed yet', async () => {
    state.failing = true;
    // Another gateway process: it has computed nothing yet.
    const fresh = await gateway.build({ upstreams: { text: stubUrl, speech: stubUrl } });
    const res = await fresh.inject({ url: '/api/public/languages' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service.unavailable');
    state.failing = false;
  });
});
