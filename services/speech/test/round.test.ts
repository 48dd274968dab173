import { as, addSentences, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';

describe('GET /api/sentences: the round', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.col.sentences.deleteMany({});
    await h.col.sentenceMarks.deleteMany({});
    await h.col.preferences.deleteMany({});
  });

  const round = async (who: string, query = '') => {
    const res = await h.app.inject({ url: `/api/sentences${query}`, headers: as(who) });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; text: string; language: string }>;
  };
  const texts = (n: number, prefix: string) => [...Array(n)].map((_, i) => `${prefix} ${i}.`);

  it('answers five sentences with id, text and language by default, for signed-in people only', async () => {
    await addSentences(h.col, 'yo', texts(8, 'Yo'));
    const items = await round('ada');
    expect(items).toHaveLength(5);
    expect(items[0]).toEqual({
      id: expect.any(String),
      text: expect.stringMatching(/^Yo \d\.$/),
      language: 'yo',
    });
    expect((await h.app.inject({ url: '/api/sentences' })).statusCode).toBe(401);
  });

  it('checks count (1-20) and lang', async () => {
    await addSentences(h.col, 'yo', texts(30, 'Yo'));
    expect(await round('ada', '?count=20')).toHaveLength(20);
    expect(await round('ada', '?count=1')).toHaveLength(1);
    for (const q of ['?count=0', '?count=21', '?count=two', '?lang=fr']) {
      expect((await h.app.inject({ url: `/api/sentences${q}`, headers: as('ada') })).statusCode).toBe(400);
    }
  });

  it('gives the fewest recordings first and never a sentence with 15 or more', async () => {
    const [many] = await addSentences(h.col, 'en', ['Fifteen already.'], 15);
    const two = await addSentences(h.col, 'en', texts(3, 'Two'), 2);
    const zero = await addSentences(h.col, 'en', texts(2, 'Zero'), 0);
    const one = await addSentences(h.col, 'en', texts(2, 'One'), 1);
    const items = (await round('ada', '?lang=en&count=20')).map((s) => s.id);
    expect(items).toHaveLength(7);
    expect(items).not.toContain(many);
    expect(new Set(items.slice(0, 2))).toEqual(new Set(zero));
    expect(new Set(items.slice(2, 4))).toEqual(new Set(one));
    expect(new Set(items.slice(4))).toEqual(new Set(two));
    // A round of 3 takes both unrecorded sentences and one of the once-recorded.
    const three = (await round('bob', '?lang=en&count=3')).map((s) => s.id);
    expect(three.filter((id) => zero.includes(id))).toHaveLength(2);
    expect(three.filter((id) => one.includes(id))).toHaveLength(1);
  });

  it('keeps to the language asked for', async () => {
    await addSentences(h.col, 'yo', texts(5, 'Yo'));
    const ha = await addSentences(h.col, 'ha', texts(3, 'Ha'));
    const items = await round('ada', '?lang=ha');
    expect(items.map((s) => s.id).sort()).toEqual([...ha].sort());
    expect(items.every((s) => s.language === 'ha')).toBe(true);
    expect(await round('ada', '?lang=pcm')).toEqual([]);
  });

  it('never offers what the person recorded, skipped or reported (others still get them)', async () => {
    const [recorded, skipped, reported, ...rest] = await addSentences(h.col, 'en', texts(6, 'En'));
    const upload = multipart([
      { name: 'sentenceId', value: recorded! },
      { name: 'audio', filename: 'a.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/recordings',
          headers: { ...as('ada'), ...upload.headers },
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(201);
    const skip = await h.app.inject({
      method: 'POST',
      url: `/api/sentences/${skipped}/skip`,
      headers: as('ada'),
    });
    expect(skip.json()).toEqual({ id: skipped, ok: true });
    const report = await h.app.inject({
      method: 'POST',
      url: `/api/sentences/${reported}/report`,
      headers: as('ada'),
      payload: { reason: 'hard-to-pronounce' },
    });
    expect(report.statusCode).toBe(200);
    expect((await round('ada', '?lang=en&count=20')).map((s) => s.id).sort()).toEqual([...rest].sort());
    expect(await round('bob', '?lang=en&count=20')).toHaveLength(6);
    // The report waits for the text service, which owns the sentence.
    expect(await h.col.sentenceMarks.findOne({ sentenceId: reported, kind: 'reported' })).toMatchObject({
      reason: 'hard-to-pronounce',
      flagPending: true,
    });
  });

  it('refuses reports without a known reason, "other" without details, and unknown sentences', async () => {
    const [id] = await addSentences(h.col, 'en', ['Fine.']);
    const post = (url: string, payload?: object) =>
      h.app.inject({ method: 'POST', url, headers: as('ada'), ...(payload ? { payload } : {}) });
    expect((await post(`/api/sentences/${id}/report`, { reason: 'other' })).json().message).toBe(
      'Please describe the problem.',
    );
    expect((await post(`/api/sentences/${id}/report`, { reason: 'noise' })).statusCode).toBe(400);
    expect(
      (await post(`/api/sentences/${id}/report`, { reason: 'other', details: 'Has a typo.' })).statusCode,
    ).toBe(200);
    expect((await post('/api/sentences/nope/skip')).statusCode).toBe(404);
    expect((await post('/api/sentences/nope/report', { reason: 'offensive' })).statusCode).toBe(404);
  });

  it('randomises among equals: rounds from the same pool differ', async () => {
    await addSentences(h.col, 'en', texts(100, 'Pool'));
    const rounds = new Set<string>();
    const firsts = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const ids = (await round(`p${i}`, '?lang=en')).map((s) => s.id);
      rounds.add([...ids].sort().join(','));
      firsts.add(ids[0]!);
    }
    expect(rounds.size).toBeGreaterThanOrEqual(19);
    expect(firsts.size).toBeGreaterThanOrEqual(10);
  });

  it('wraps round the random start so a small pool is still fully offered', async () => {
    const ids = await addSentences(h.col, 'ig', texts(5, 'Ig'));
    for (let i = 0; i < 10; i++) {
      expect((await round(`w${i}`, '?lang=ig')).map((s) => s.id).sort()).toEqual([...ids].sort());
    }
  });

  it('remembers the language set with PUT /api/user/preferences; yo otherwise; asking for a round stores nothing', async () => {
    await addSentences(h.col, 'yo', texts(2, 'Yo'));
    await addSentences(h.col, 'ha', texts(2, 'Ha'));
    await addSentences(h.col, 'en', texts(2, 'En'));
    const prefs = async (who: string) =>
      (await h.app.inject({ url: '/api/user/preferences', headers: as(who) })).json();
    expect(await prefs('kemi')).toEqual({ language: 'yo' });
    expect((await round('kemi')).every((s) => s.language === 'yo')).toBe(true);
    // A round in another language is a read: the remembered language stays, and nothing is written.
    const stored = await h.col.preferences.countDocuments({});
    expect((await round('kemi', '?lang=ha')).every((s) => s.language === 'ha')).toBe(true);
    expect(await prefs('kemi')).toEqual({ language: 'yo' });
    expect(await h.col.preferences.countDocuments({})).toBe(stored);
    expect((await round('kemi')).every((s) => s.language === 'yo')).toBe(true);
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: as('kemi'),
      payload: { language: 'en' },
    });
    expect(put.json()).toEqual({ language: 'en' });
    expect((await round('kemi')).every((s) => s.language === 'en')).toBe(true);
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: as('kemi'),
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await prefs('other')).toEqual({ language: 'yo' });
  });
});
