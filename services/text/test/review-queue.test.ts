import { ObjectId, type Document } from 'mongodb';
import type { ReviewKind } from '@platform/contracts';
import type { ReviewableSentenceDoc } from '../src/review/store';
import { queueRead } from '../src/review/store';
import { sentences } from '../src/sentences/store';
import { textPairs, type TextPairDoc } from '../src/text-pairs/store';
import { person } from './support';
import { useTextService } from './support/harness';

/** A writer's own pending items, this many, at the very front of the queue. */
const OWN = 400;
const T0 = Date.UTC(2026, 0, 1);

describe("Review's queue jumps over a writer's own items without reading them", () => {
  const service = useTextService('text_review_queue');
  const db = () => service.app.database!.db;

  const next = (who: string, query: string) =>
    service.app.inject({ url: `/api/review/next?${query}`, headers: person(who) });
  const executionStats = async (kind: ReviewKind, who: string, lang?: 'yo') =>
    ((await queueRead(db(), kind, who, lang).explain('executionStats')) as Document).executionStats as {
      totalDocsExamined: number;
      totalKeysExamined: number;
      nReturned: number;
    };

  beforeAll(async () => {
    // The prolific writer's items are the oldest pending ones, unreviewed: the front of every queue.
    const sentence = (i: number, authorId: string, language: 'yo' | 'en'): ReviewableSentenceDoc => ({
      _id: new ObjectId(),
      text: `Queue sentence ${authorId} ${i}.`,
      key: `queuesentence${authorId}${i}`,
      language,
      citation: 'Written for the tests.',
      license: 'CC0-1.0',
      source: 'write',
      status: 'pending',
      createdAt: new Date(T0 + i * 1000),
      seq: 0,
      authorId,
      domains: ['general'],
      approvals: 0,
      rejections: 0,
      reviews: 0,
      skips: 0,
    });
    const docs = [
      ...Array.from({ length: OWN }, (_, i) => sentence(i, 'prolific', i % 2 ? 'yo' : 'en')),
      // Then other people's, younger.
      sentence(OWN, 'ada', 'en'),
      sentence(OWN + 1, 'bola', 'yo'),
      sentence(OWN + 2, 'chi', 'en'),
    ];
    await service.app.sequenceWriter.withSequence(docs.length, async (first) => {
      await sentences(db()).insertMany(docs.map((d, i) => ({ ...d, seq: first + i })));
    });
    const pair = (i: number, authorId: string): TextPairDoc =>
      ({
        _id: new ObjectId(),
        source_lang_text: `Queue pair ${authorId} ${i}.`,
        target_lang_text: `Àpẹẹrẹ ${authorId} ${i}.`,
        text_category: 'conversational',
        authorId,
        status: 'pending',
        approvals: 0,
        rejections: 0,
        reviews: 0,
        skips: 0,
        judgedBy: [],
        key: `queue pair ${authorId} ${i}\u0000àpẹẹrẹ ${authorId} ${i}`,
        createdAt: new Date(T0 + i * 1000),
        seq: -1 - i,
      }) as TextPairDoc;
    await textPairs(db()).insertMany([
      ...Array.from({ length: OWN }, (_, i) => pair(i, 'prolific')),
      pair(OWN, 'ada'),
    ]);
  });

  it("offers the writer the oldest item that is not theirs, and everyone else the writer's oldest", async () => {
    const first = async (who: string, query: string) => {
      const res = await next(who, query);
      expect(res.statusCode).toBe(200);
      return res.json().item as { text?: string; source_lang_text?: string } | null;
    };
    expect((await first('prolific', 'kind=sentence'))?.text).toBe(`Queue sentence ada ${OWN}.`);
    expect((await first('prolific', 'kind=sentence&lang=yo'))?.text).toBe(`Queue sentence bola ${OWN + 1}.`);
    expect((await first('prolific', 'kind=pair'))?.source_lang_text).toBe(`Queue pair ada ${OWN}.`);
    expect((await first('ada', 'kind=sentence'))?.text).toBe('Queue sentence prolific 0.');
    expect((await first('ada', 'kind=sentence&lang=yo'))?.text).toBe('Queue sentence prolific 1.');
  });

  it('reads one document and a few dozen keys for the writer whatever the number of their own items ahead', async () => {
    for (const [kind, lang] of [
      ['sentence', undefined],
      ['sentence', 'yo'],
      ['pair', undefined],
    ] as const) {
      const stats = await executionStats(kind, 'prolific', lang);
      // the database jumps over the writer's run of items on the queue's companion index (indexes.ts)
      expect({
        kind,
        lang,
        docs: stats.totalDocsExamined,
        returned: stats.nReturned,
        fewKeys: stats.totalKeysExamined < 40,
      }).toEqual({ kind, lang, docs: 1, returned: 1, fewKeys: true });
    }
  });

  it("reads about ten keys for the writer's next item once the database knows the run, verdicts between", async () => {
    await executionStats('sentence', 'prolific'); // the run is proven (or already known)
    // another person's verdict on an item after the run moves that item, not the writer's run
    const ada = await sentences(db()).findOne({ authorId: 'ada' });
    const verdict = await service.app.inject({
      method: 'POST',
      url: `/api/review/sentence/${ada!._id!.toHexString()}`,
      headers: person('bola'),
      payload: { verdict: 'skip' },
    });
    expect(verdict.statusCode).toBe(200);
    const stats = await executionStats('sentence', 'prolific');
    expect({ docs: stats.totalDocsExamined, returned: stats.nReturned }).toEqual({ docs: 1, returned: 1 });
    expect(stats.totalKeysExamined).toBeLessThan(15);
  });
});
