import { ObjectId } from 'mongodb';
import { signIdentity } from '@platform/service-kit';
import { textPairs } from '../src/text-pairs/store';
import { addPendingSentence, admin, person, speech, speechService } from './support';
import { useTextService } from './support/harness';

const pair = (en: string, yo: string, extra: object = {}) => ({
  source_lang_text: en,
  target_lang_text: yo,
  text_category: 'conversational',
  ...extra,
});

describe('Add Text Pair, the approved list, the change feed and the figures', () => {
  const service = useTextService('text_pairs');

  const add = (who: Record<string, string>, body: object, url = '/api/text/add/') =>
    service.app.inject({ method: 'POST', url, headers: who, payload: body });
  const judge = (id: string, who: Record<string, string>, verdict: string) =>
    service.app.inject({ method: 'POST', url: `/api/review/pair/${id}`, headers: who, payload: { verdict } });
  const approve = async (id: string) => {
    expect((await judge(id, person('rev1'), 'approve')).statusCode).toBe(200);
    expect((await judge(id, person('rev2'), 'approve')).json().status).toBe('validated');
  };

  it('takes a pair in for the signed-in person, whatever user_id the client sends, pending review', async () => {
    const res = await add(
      person('tayo'),
      pair('  Good   morning, my friend. ', 'Ẹ káàárọ̀, ọ̀rẹ́ mi.'.normalize('NFD'), { user_id: 1 }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      text_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      source_lang_text: 'Good morning, my friend.',
      target_lang_text: 'Ẹ káàárọ̀, ọ̀rẹ́ mi.'.normalize('NFC'),
      text_category: 'conversational',
      status: 'pending',
    });
    const spoofed = await add(
      person('tayo'),
      pair('Thank you.', 'Ẹ ṣé o.', { user_id: 'someone-else' }),
      '/api/text/add',
    );
    expect(spoofed.statusCode).toBe(201);
    const stored = await textPairs(service.app.database!.db)
      .find({ _id: { $in: [new ObjectId(body.text_id), new ObjectId(spoofed.json().text_id)] } })
      .toArray();
    expect(stored.map((p) => p.authorId)).toEqual(['tayo', 'tayo']);
    // Their own pair is never offered to them, and they may not judge it.
    expect((await judge(body.text_id, person('tayo'), 'approve')).statusCode).toBe(403);
    const offered = (
      await service.app.inject({ url: '/api/review/next?kind=pair', headers: person('tayo') })
    ).json();
    expect(offered).toEqual({ item: null });
    const toOther = (
      await service.app.inject({ url: '/api/review/next?kind=pair', headers: person('kemi') })
    ).json();
    expect(toOther.item).toEqual({
      kind: 'pair',
      id: body.text_id,
      source_lang_text: 'Good morning, my friend.',
      target_lang_text: 'Ẹ káàárọ̀, ọ̀rẹ́ mi.',
      text_category: 'conversational',
      approvals: 0,
      rejections: 0,
    });
    expect((await add({}, pair('Hello.', 'Báwo ni?'))).statusCode).toBe(401);
  });

  it('refuses the same pair again, written with other case, spacing or punctuation: 409', async () => {
    expect((await add(person('a'), pair('Where are you going?', 'Níbo ni ò ń lọ?'))).statusCode).toBe(201);
    const again = await add(person('b'), pair('where are you  going', 'níbo ni ò ń lọ'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'text_pair.duplicate',
      message: 'This text pair already exists.',
    });
    const racing = await Promise.all(
      [...Array(10)].map((_, i) => add(person(`r${i}`), pair('The market is busy.', 'Ọjà kún.'))),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(
      await textPairs(service.app.database!.db).countDocuments({ source_lang_text: 'The market is busy.' }),
    ).toBe(1);
  });

  it.each([
    ['blank English', pair('   ', 'Ẹ káàbọ̀.'), 'text_pair.english_required'],
    ['blank Yoruba', pair('Welcome.', ' \n '), 'text_pair.yoruba_required'],
    ['501 characters', pair('a'.repeat(501), 'Ẹ káàbọ̀.'), 'text_pair.too_long'],
    ['English with foreign letters', pair('Café au lait.', 'Kọfí.'), 'text_pair.english_letters'],
    ['English written in Yoruba letters', pair('Ẹ káàbọ̀.', 'Ẹ káàbọ̀.'), 'text_pair.english_letters'],
    [
      'Yoruba with letters outside its alphabet',
      pair('Welcome.', 'Ẹ kaabo, Charles.'),
      'text_pair.yoruba_letters',
    ],
    ['Yoruba with Hausa letters', pair('Thanks.', 'Ɗan ƙasa.'), 'text_pair.yoruba_letters'],
    [
      'Yoruba without tone marks',
      pair('Good morning, mother.', 'E kaaro iya mi.'),
      'text_pair.needs_tone_marks',
    ],
  ])('refuses %s with its own code, storing nothing', async (_name, body, code) => {
    const before = await textPairs(service.app.database!.db).countDocuments({});
    const res = await add(person('x'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await textPairs(service.app.database!.db).countDocuments({})).toBe(before);
  });

  it('takes a one-word Yoruba side without tone marks, digits and punctuation on either side', async () => {
    expect((await add(person('x'), pair('Yes.', 'Bẹẹni.'))).statusCode).toBe(201);
    expect((await add(person('x'), pair('I have 2 cows!', 'Mo ní màálù 2!'))).statusCode).toBe(201);
    expect((await add(person('x'), pair('Bye.', 'Ó dàbọ̀.', { text_category: 'poetry' }))).statusCode).toBe(
      400,
    );
  });

  it('lists approved pairs only, a page at a time after a text_id, on both URLs', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await add(
        person('lister'),
        pair(`Listed sentence number ${'x'.repeat(i + 1)}.`, `Gbólóhùn ${'a'.repeat(i + 1)}.`),
      );
      ids.push(res.json().text_id);
    }
    for (const id of [ids[0]!, ids[1]!, ids[3]!, ids[4]!]) await approve(id);
    const list = async (query = '', url = '/api/text-audio-pairs/') =>
      (await service.app.inject({ url: `${url}${query}`, headers: person('reader') })).json() as Array<{
        text_id: string;
      }>;
    const mine = (rows: Array<{ text_id: string }>) =>
      rows.map((r) => r.text_id).filter((id) => ids.includes(id));
    const all = await list('?limit=200');
    expect(mine(all)).toEqual([ids[0], ids[1], ids[3], ids[4]]);
    expect(all.find((r) => r.text_id === ids[0])).toEqual({
      text_id: ids[0],
      source_lang_text: 'Listed sentence number x.',
      target_lang_text: 'Gbólóhùn a.',
      text_category: 'conversational',
    });
    // No other pair is approved in this file before this test: the list is exactly these four.
    expect(all.map((r) => r.text_id)).toEqual([ids[0], ids[1], ids[3], ids[4]]);
    const first = await list('?limit=2');
    expect(mine(first)).toEqual([ids[0], ids[1]]);
    expect(mine(await list(`?limit=2&after=${ids[1]}`, '/api/text-audio-pairs'))).toEqual([ids[3], ids[4]]);
    expect(await list(`?after=${ids[4]}`)).toEqual([]);
    expect(
      (await service.app.inject({ url: '/api/text-audio-pairs/?after=zz', headers: person('reader') }))
        .statusCode,
    ).toBe(400);
    expect(
      (await service.app.inject({ url: '/api/text-audio-pairs/?limit=201', headers: person('reader') }))
        .statusCode,
    ).toBe(400);
    expect((await service.app.inject({ url: '/api/text-audio-pairs/' })).statusCode).toBe(401);
  });

  it('feeds every added or decided pair to the speech service in seq order', async () => {
    const feed = async (after: number, limit = 1000, headers = speech) =>
      service.app.inject({ url: `/internal/text-pairs/changes?after=${after}&limit=${limit}`, headers });
    const start = (await (await feed(0)).json()).last as number;
    const a = (await add(person('feeder'), pair('The rain has stopped.', 'Òjò ti dá.'))).json()
      .text_id as string;
    const b = (await add(person('feeder'), pair('The sun is out.', 'Oòrùn ti yọ.'))).json().text_id as string;
    const page = (await feed(start)).json();
    expect(page.items).toEqual([
      expect.objectContaining({ text_id: a, status: 'pending', text_category: 'conversational' }),
      expect.objectContaining({ text_id: b, status: 'pending' }),
    ]);
    expect(page.items[1].seq).toBeGreaterThan(page.items[0].seq);
    expect(page.last).toBe(page.items[1].seq);
    await approve(a);
    const decided = (
      await service.app.inject({
        method: 'POST',
        url: `/api/review/pair/${b}/decision`,
        headers: admin('boss'),
        payload: { status: 'rejected' },
      })
    ).json();
    expect(decided.status).toBe('rejected');
    const later = (await feed(page.last)).json();
    expect(later.items.map((i: { text_id: string; status: string }) => [i.text_id, i.status])).toEqual([
      [a, 'validated'],
      [b, 'rejected'],
    ]);
    // Paging: one at a time gives the same.
    const one = (await feed(page.last, 1)).json();
    expect(one.items).toHaveLength(1);
    expect((await feed(one.last, 1)).json().items[0].text_id).toBe(b);
    expect((await feed(0, 1, person('someone'))).statusCode).toBe(403);
    expect((await service.app.inject({ url: '/internal/text-pairs/changes' })).statusCode).toBe(401);
  });

  it("gives a person's text figures to the speech service: written, added, approved, reviews given", async () => {
    const stats = async (id: string, headers: Record<string, string> = speech) =>
      service.app.inject({ url: `/internal/users/${id}/text-stats`, headers });
    expect((await stats('nobody')).json()).toEqual({
      sentences: { written: 0, approved: 0 },
      textPairs: { added: 0, approved: 0 },
      reviews: 0,
    });
    const s1 = await addPendingSentence(service.app, 'figures');
    await addPendingSentence(service.app, 'figures');
    const p1 = (await add(person('figures'), pair('We are going home.', 'À ń lọ sílé.'))).json()
      .text_id as string;
    await add(person('figures'), pair('Come and eat.', 'Wá jẹun.'));
    await add(person('figures'), pair('Sit down.', 'Jókòó.'));
    for (const who of ['f1', 'f2']) {
      await service.app.inject({
        method: 'POST',
        url: `/api/review/sentence/${s1}`,
        headers: person(who),
        payload: { verdict: 'approve' },
      });
      await judge(p1, person(who), 'approve');
    }
    // The person's own reviews: an approval, a rejection and a skip (skips are not reviews).
    const others = [
      await addPendingSentence(service.app, 'other'),
      await addPendingSentence(service.app, 'other'),
      await addPendingSentence(service.app, 'other'),
    ];
    for (const [i, v] of (['approve', 'reject', 'skip'] as const).entries()) {
      await service.app.inject({
        method: 'POST',
        url: `/api/review/sentence/${others[i]}`,
        headers: person('figures'),
        payload: { verdict: v },
      });
    }
    expect((await stats('figures')).json()).toEqual({
      sentences: { written: 2, approved: 1 },
      textPairs: { added: 3, approved: 1 },
      reviews: 2,
    });
    expect((await stats('f1')).json().reviews).toBe(2);
    expect((await stats('figures', person('figures'))).statusCode).toBe(403);
    const url = '/internal/users/figures/text-stats';
    expect(
      (
        await service.app.inject({
          url,
          headers: signIdentity(speechService, 'wrong', { method: 'GET', url, service: 'text' }),
        })
      ).statusCode,
    ).toBe(401);
  });
});
