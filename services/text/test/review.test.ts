import { ObjectId } from 'mongodb';
import { decisions, judgements } from '../src/review/store';
import { sentences } from '../src/sentences/store';
import { addPendingSentence, admin, person, speech } from './support';
import { useTextService } from './support/harness';

describe('Review of written sentences', () => {
  const service = useTextService('text_review');

  /** Clears the queue so each test sees only its own items. */
  beforeEach(async () => {
    const db = service.app.database!.db;
    await sentences(db).deleteMany({});
    await judgements(db).deleteMany({});
  });

  const next = (who: Record<string, string>, query = 'kind=sentence') =>
    service.app.inject({ url: `/api/review/next?${query}`, headers: who });
  const nextId = async (who: Record<string, string>, query?: string) =>
    ((await next(who, query)).json() as { item: { id: string } | null }).item?.id ?? null;
  const verdict = (id: string, who: Record<string, string>, body: object) =>
    service.app.inject({ method: 'POST', url: `/api/review/sentence/${id}`, headers: who, payload: body });
  const status = async (id: string) =>
    (await sentences(service.app.database!.db).findOne({ _id: new ObjectId(id) }))!.status;

  it('offers a pending sentence with its language, citation and domains; never the writer their own', async () => {
    const id = await addPendingSentence(service.app, 'ada', {
      language: 'yo',
      text: 'Ọmọ náà ń kàwé.',
      domains: ['education'],
    });
    const res = await next(person('bola'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      item: {
        kind: 'sentence',
        id,
        text: 'Ọmọ náà ń kàwé.',
        language: 'yo',
        citation: 'Written for the tests.',
        domains: ['education'],
        approvals: 0,
        rejections: 0,
      },
    });
    expect((await next(person('ada'))).json()).toEqual({ item: null });
    const own = await verdict(id, person('ada'), { verdict: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('review.own_item');
    expect(await status(id)).toBe('pending');
  });

  it('offers the least-reviewed first, then the least-skipped, then the oldest, in the language asked for', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const older = await addPendingSentence(service.app, 'ada', { createdAt: t(1) });
    const oldest = await addPendingSentence(service.app, 'ada', { createdAt: t(0) });
    const yoruba = await addPendingSentence(service.app, 'ada', {
      createdAt: t(5),
      language: 'yo',
      text: 'Ẹ káàbọ̀ sílé.',
    });
    expect(await nextId(person('bola'))).toBe(oldest);
    // One approval makes `oldest` more reviewed than the others: they come first for everyone else.
    expect((await verdict(oldest, person('bola'), { verdict: 'approve' })).statusCode).toBe(200);
    expect(await nextId(person('chi'))).toBe(older);
    expect(await nextId(person('chi'), 'kind=sentence&lang=yo')).toBe(yoruba);
    expect(await nextId(person('chi'), 'kind=sentence&lang=ha')).toBeNull();
    expect(await nextId(person('bola'))).toBe(older);
    // A skip is no review, but a skipped item waits behind the unseen ones with as many reviews.
    const newer = await addPendingSentence(service.app, 'ada', { createdAt: t(3) });
    expect((await verdict(older, person('chi'), { verdict: 'skip' })).statusCode).toBe(200);
    expect(await nextId(person('dayo'), 'kind=sentence&lang=en')).toBe(newer);
    expect(await nextId(person('chi'), 'kind=sentence&lang=en')).toBe(newer);
  });

  it('never offers again what a person approved, rejected or skipped', async () => {
    const ids = [
      await addPendingSentence(service.app, 'ada'),
      await addPendingSentence(service.app, 'ada'),
      await addPendingSentence(service.app, 'ada'),
    ];
    const seen: string[] = [];
    for (const v of ['skip', 'approve', 'reject'] as const) {
      const id = await nextId(person('dayo'));
      expect(id).not.toBeNull();
      seen.push(id!);
      expect((await verdict(id!, person('dayo'), { verdict: v })).statusCode).toBe(200);
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(await nextId(person('dayo'))).toBeNull();
    // Someone else still sees all three.
    expect(await nextId(person('ebun'))).not.toBeNull();
    // A second judgement by the same person is refused, even a different verdict.
    const again = await verdict(seen[0]!, person('dayo'), { verdict: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review.already_judged');
  });

  // About 200 judgements one after another: seconds on a quiet machine, far more on a busy one.
  it('decides by the rule over every approval and rejection sequence of one to five reviewers', async () => {
    const sequences: string[] = [];
    for (let n = 1; n <= 5; n++) {
      for (let bits = 0; bits < 2 ** n; bits++) {
        sequences.push([...Array(n)].map((_, i) => ((bits >> i) & 1 ? 'R' : 'A')).join(''));
      }
    }
    expect(sequences).toHaveLength(62);
    for (const sequence of sequences) {
      const id = await addPendingSentence(service.app, 'writer');
      let a = 0;
      let r = 0;
      let decided: string | null = null;
      for (const [i, letter] of [...sequence].entries()) {
        const res = await verdict(id, person(`r${i}`), { verdict: letter === 'A' ? 'approve' : 'reject' });
        if (decided) {
          // A late judgement on a decided item: 409, counts unchanged.
          expect([sequence, i, res.statusCode, res.json().code]).toEqual([
            sequence,
            i,
            409,
            'review.decided',
          ]);
          continue;
        }
        if (letter === 'A') a++;
        else r++;
        if (a >= 2 && a > r) decided = 'validated';
        else if (r >= 2 && r > a) decided = 'rejected';
        expect([sequence, i, res.statusCode]).toEqual([sequence, i, 200]);
        expect(res.json()).toEqual({ id, status: decided ?? 'pending', approvals: a, rejections: r });
      }
      expect([sequence, await status(id)]).toEqual([sequence, decided ?? 'pending']);
      expect(await judgements(service.app.database!.db).countDocuments({ itemId: new ObjectId(id) })).toBe(
        a + r,
      );
    }
  }, 180_000);

  it('counts 100 concurrent judgements on one item exactly', async () => {
    const db = service.app.database!.db;
    // 100 people skipping at once: every skip is kept, none lost.
    const skipped = await addPendingSentence(service.app, 'writer');
    const skips = await Promise.all(
      [...Array(100)].map((_, i) => verdict(skipped, person(`s${i}`), { verdict: 'skip' })),
    );
    expect(skips.every((r) => r.statusCode === 200)).toBe(true);
    const afterSkips = await sentences(db).findOne({ _id: new ObjectId(skipped) });
    expect(new Set((afterSkips as { judgedBy?: string[] }).judgedBy)).toHaveProperty('size', 100);
    expect(await judgements(db).countDocuments({ itemId: new ObjectId(skipped) })).toBe(100);
    expect(afterSkips!.status).toBe('pending');

    // 100 people judging at once: those counted are exactly those answered 200; the rest get 409.
    const id = await addPendingSentence(service.app, 'writer');
    const replies = await Promise.all(
      [...Array(100)].map((_, i) =>
        verdict(id, person(`c${i}`), { verdict: i % 3 === 0 ? 'reject' : 'approve' }),
      ),
    );
    const ok = replies
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json() as { approvals: number; rejections: number });
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(ok.length + refused.length).toBe(100);
    expect(refused.every((r) => r.json().code === 'review.decided')).toBe(true);
    const doc = (await sentences(db).findOne({ _id: new ObjectId(id) })) as unknown as {
      approvals: number;
      rejections: number;
      status: string;
    };
    expect(doc.approvals + doc.rejections).toBe(ok.length);
    expect(await judgements(db).countDocuments({ itemId: new ObjectId(id) })).toBe(ok.length);
    expect(doc.status).not.toBe('pending');
    // The last counted judgement is the one that decided: no two 200s carry the same counts.
    expect(new Set(ok.map((o) => `${o.approvals}/${o.rejections}`)).size).toBe(ok.length);

    // One person sending 100 judgements at once: one is counted.
    const single = await addPendingSentence(service.app, 'writer');
    const same = await Promise.all(
      [...Array(100)].map(() => verdict(single, person('eager'), { verdict: 'approve' })),
    );
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect(await sentences(db).findOne({ _id: new ObjectId(single) })).toMatchObject({
      approvals: 1,
      status: 'pending',
    });
  });

  it('refuses judgements on a decided, unknown or malformed item, and a reason without a rejection', async () => {
    const id = await addPendingSentence(service.app, 'writer');
    await verdict(id, person('a1'), { verdict: 'approve' });
    await verdict(id, person('a2'), { verdict: 'approve' });
    expect(await status(id)).toBe('validated');
    for (const v of ['approve', 'reject', 'skip']) {
      const late = await verdict(id, person('a3'), { verdict: v });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('review.decided');
    }
    expect(
      (await verdict(new ObjectId().toHexString(), person('a3'), { verdict: 'approve' })).statusCode,
    ).toBe(404);
    expect((await verdict('not-an-id', person('a3'), { verdict: 'approve' })).json().code).toBe(
      'review.unknown',
    );
    const other = await addPendingSentence(service.app, 'writer');
    const bad = await verdict(other, person('a3'), { verdict: 'approve', reason: 'grammar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('review.reason_without_reject');
    expect((await verdict(other, person('a3'), { verdict: 'reject', reason: 'grammar' })).statusCode).toBe(
      200,
    );
    expect((await verdict(other, person('a4'), { verdict: 'maybe' })).statusCode).toBe(400);
    expect((await service.app.inject({ url: '/api/review/next?kind=sentence' })).statusCode).toBe(401);
    expect((await next(person('a3'), 'kind=poem')).statusCode).toBe(400);
  });

  it('lets an admin decide directly, recorded as such; others may not', async () => {
    const db = service.app.database!.db;
    const id = await addPendingSentence(service.app, 'writer');
    await verdict(id, person('r1'), { verdict: 'approve' });
    const decide = (who: Record<string, string>, body: object, target = id) =>
      service.app.inject({
        method: 'POST',
        url: `/api/review/sentence/${target}/decision`,
        headers: who,
        payload: body,
      });
    expect((await decide(person('r2'), { status: 'rejected' })).statusCode).toBe(403);
    const res = await decide(admin('boss'), { status: 'rejected', reason: 'offensive' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'rejected', approvals: 1, rejections: 0 });
    expect(await status(id)).toBe('rejected');
    expect(await decisions(db).findOne({ itemId: new ObjectId(id) })).toMatchObject({
      kind: 'sentence',
      adminId: 'boss',
      status: 'rejected',
      reason: 'offensive',
    });
    expect(await sentences(db).findOne({ _id: new ObjectId(id) })).toMatchObject({
      decidedBy: { userId: 'boss' },
    });
    expect((await decide(admin('boss'), { status: 'validated' })).statusCode).toBe(409);
    expect((await verdict(id, person('r3'), { verdict: 'approve' })).statusCode).toBe(409);
    expect(
      (await decide(admin('boss'), { status: 'validated' }, new ObjectId().toHexString())).statusCode,
    ).toBe(404);
    const other = await addPendingSentence(service.app, 'writer');
    expect((await decide(admin('boss'), { status: 'validated', reason: 'grammar' }, other)).statusCode).toBe(
      400,
    );
    expect((await decide(admin('boss'), { status: 'validated' }, other)).json().status).toBe('validated');
  });

  it("puts a decided sentence back on the speech service's change feed with its new status", async () => {
    const id = await addPendingSentence(service.app, 'writer');
    const feed = async (after: number) =>
      (
        await service.app.inject({
          url: `/internal/sentences/changes?after=${after}&limit=1000`,
          headers: speech,
        })
      ).json() as {
        items: Array<{ id: string; status: string; seq: number }>;
        last: number;
      };
    const before = await feed(0);
    expect(before.items.find((i) => i.id === id)).toMatchObject({ status: 'pending' });
    await verdict(id, person('v1'), { verdict: 'approve' });
    expect((await feed(before.last)).items).toEqual([]);
    await verdict(id, person('v2'), { verdict: 'approve' });
    expect((await feed(before.last)).items).toEqual([expect.objectContaining({ id, status: 'validated' })]);
  });
});
