import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { signIdentity } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { buildApp, DEFAULT_SEED_DIR } from '../src/app';
import {
  insertSentences,
  sentences,
  setSentenceStatus,
  SENTENCE_FLAGS,
} from '../src/sentences/store';
import { SECRET, speech, speechService } from './support';
import { useTextService } from './support/harness';

const seedCounts = () => {
  const counts: Record<string, number> = {};
  for (const name of readdirSync(DEFAULT_SEED_DIR).filter((n) => n.endsWith('.json'))) {
    const file = JSON.parse(readFileSync(join(DEFAULT_SEED_DIR, name), 'utf8')) as {
      language: string;
      sentences: string[];
    };
    counts[file.language] = file.sentences.length;
  }
  return counts;
};

describe('text service: sentences', () => {
  const service = useTextService('text', { seed: true });

  it('seeds the starter set on first start: every file, NFC, validated, CC0 with a citation', async () => {
    const expected = seedCounts();
    expect(expected.yo).toBeGreaterThanOrEqual(100);
    expect(expected.en).toBeGreaterThanOrEqual(100);
    for (const lang of ['ha', 'ig', 'pcm']) expect(expected[lang]).toBeGreaterThanOrEqual(30);
    const col = sentences(service.app.database!.db);
    for (const [language, n] of Object.entries(expected)) {
      expect(
        await col.countDocuments({ language: language as never, source: 'seed', status: 'validated' }),
      ).toBe(n);
    }
    const one = await col.findOne({ language: 'yo' });
    expect(one).toMatchObject({
      license: 'CC0-1.0',
      citation: expect.stringContaining('CC0'),
      seq: expect.any(Number),
    });
    expect(one!.text).toBe(one!.text.normalize('NFC'));
  });

  it('seeding again (a restart) adds nothing', async () => {
    const col = sentences(service.app.database!.db);
    const before = await col.countDocuments({});
    const again = await buildApp({
      mongoUri: service.mongo.uri,
      dbName: service.dbName,
      identitySecret: SECRET,
      logger: false,
    });
    try {
      expect(await again.seeded).toBe(0);
    } finally {
      await again.close();
    }
    expect(await col.countDocuments({})).toBe(before);
  });

  it('stores text NFC-normalised and refuses a duplicate written another way', async () => {
    const db = service.app.database!.db;
    const decomposed = 'Ọmọ ń ṣeré.'.normalize('NFD');
    const row = {
      language: 'yo' as const,
      citation: 'c',
      license: 'CC0-1.0',
      source: 'write' as const,
      status: 'validated' as const,
    };
    expect(
      await insertSentences(db, service.app.sequenceWriter, [{ ...row, text: `  ${decomposed} ` }]),
    ).toBe(1);
    expect(
      await insertSentences(db, service.app.sequenceWriter, [
        { ...row, text: 'Ọmọ ń ṣeré.'.normalize('NFC') },
      ]),
    ).toBe(0);
    expect(await sentences(db).countDocuments({ text: 'Ọmọ ń ṣeré.'.normalize('NFC') })).toBe(1);
  });

  describe('GET /internal/sentences/changes', () => {
    const changes = (query: string, headers: Record<string, string> = speech) =>
      service.app.inject({ url: `/internal/sentences/changes${query}`, headers });

    it('pages through every sentence in seq order with a cursor', async () => {
      const total = await sentences(service.app.database!.db).countDocuments({});
      let after = 0;
      const seen: number[] = [];
      for (;;) {
        const res = await changes(`?after=${after}&limit=97`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as {
          items: Array<{ seq: number; id: string; text: string; language: string; status: string }>;
          last: number;
        };
        if (page.items.length === 0) {
          expect(page.last).toBe(after);
          break;
        }
        seen.push(...page.items.map((i) => i.seq));
        expect(page.items[0]).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          text: expect.any(String),
          language: expect.any(String),
          status: expect.any(String),
          seq: expect.any(Number),
          // The writer's domains (none for the starter set): the speech service's datasets filter by them.
          domains: expect.any(Array),
        });
        after = page.last;
      }
      expect(seen).toHaveLength(total);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      expect(new Set(seen).size).toBe(total);
    });

    it('shows a status change again, with a newer seq', async () => {
      const db = service.app.database!.db;
      const last = (await changes('?after=0&limit=1000')).json().last as number;
      const target = await sentences(db).findOne({ language: 'ha' });
      await setSentenceStatus(db, service.app.sequenceWriter, target!._id!, 'rejected');
      const page = (await changes(`?after=${last}`)).json();
      expect(page.items).toEqual([
        expect.objectContaining({ id: target!._id!.toHexString(), status: 'rejected' }),
      ]);
      expect(page.items[0].seq).toBeGreaterThan(last);
    });

    it('is for the speech service only: 401 without or with a bad signature, 403 for a person', async () => {
      const url = '/internal/sentences/changes';
      const get = { method: 'GET', url, service: 'text' };
      expect((await changes('', {})).statusCode).toBe(401);
      expect((await changes('', signIdentity(speechService, 'wrong', get))).statusCode).toBe(401);
      // A person, even an admin, and the service's id with a person's role are not the speech service.
      expect((await changes('', signedAs({ id: 'u1', role: 'admin', name: 'Tester' }))).statusCode).toBe(403);
      expect((await changes('', signedAs({ ...speechService, role: 'admin' }))).statusCode).toBe(403);
      expect((await changes('', signedAs({ ...speechService, role: 'contributor' }))).statusCode).toBe(403);
      expect((await changes('?after=-1')).statusCode).toBe(400);
      expect((await changes('?limit=5000')).statusCode).toBe(400);
    });

    it("refuses the speech service's headers replayed for another call, or after 60 s, with 401", async () => {
      const url = '/internal/sentences/changes?after=0&limit=5';
      const get = { method: 'GET', url, service: 'text' };
      const direct = (headers: Record<string, string>, target = url) =>
        service.app.inject({ url: target, headers });
      expect((await direct(signIdentity(speechService, SECRET, get))).statusCode).toBe(200);
      const captured = signIdentity(speechService, SECRET, get);
      expect((await direct(captured, '/internal/sentences/changes?after=0&limit=1000')).statusCode).toBe(401);
      expect(
        (await direct(signIdentity(speechService, SECRET, { ...get, service: 'speech' }))).statusCode,
      ).toBe(401);
      expect((await direct(signIdentity(speechService, SECRET, { ...get, method: 'POST' }))).statusCode).toBe(
        401,
      );
      expect((await direct(signIdentity(speechService, SECRET, get, Date.now() - 61_000))).statusCode).toBe(
        401,
      );
      const flags = await service.app.inject({
        method: 'POST',
        url: `/internal/sentences/${new ObjectId().toHexString()}/flags`,
        headers: captured,
        payload: { reason: 'offensive', reporterId: 'u9', reportedAt: new Date().toISOString() },
      });
      expect(flags.statusCode).toBe(401);
    });
  });

  describe('POST /internal/sentences/:id/flags', () => {
    it('stores a report for review and counts it on the sentence', async () => {
      const db = service.app.database!.db;
      const target = await sentences(db).findOne({ language: 'en' });
      const id = target!._id!.toHexString();
      const res = await service.app.inject({
        method: 'POST',
        url: `/internal/sentences/${id}/flags`,
        headers: speech,
        payload: {
          reason: 'grammar',
          details: 'Missing a verb.',
          reporterId: 'u9',
          reportedAt: new Date().toISOString(),
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id, flags: 1 });
      expect(await db.collection(SENTENCE_FLAGS).findOne({ sentenceId: target!._id })).toMatchObject({
        reason: 'grammar',
        details: 'Missing a verb.',
        reporterId: 'u9',
      });
    });

    it('404 for an unknown sentence, 400 for "other" without details, 403 for a person', async () => {
      const body = { reason: 'offensive', reporterId: 'u9', reportedAt: new Date().toISOString() };
      const post = (id: string, payload: object, headers = speech) =>
        service.app.inject({ method: 'POST', url: `/internal/sentences/${id}/flags`, headers, payload });
      expect((await post(new ObjectId().toHexString(), body)).statusCode).toBe(404);
      expect((await post('abc', body)).statusCode).toBe(404);
      const known = (await sentences(service.app.database!.db).findOne({}))!._id!.toHexString();
      expect((await post(known, { ...body, reason: 'other' })).statusCode).toBe(400);
      expect(
        (await post(known, body, signedAs({ id: 'u1', role: 'contributor', name: 'Tester' }))).statusCode,
      ).toBe(403);
    });
  });
});
