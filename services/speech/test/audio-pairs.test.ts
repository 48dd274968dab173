import { ObjectId } from 'mongodb';
import { AUDIO_PAIR_FILE_MAX_BYTES, ERROR_MESSAGES, type AudioPairRecord } from '@platform/contracts';
import type { TextPairCopyDoc } from '../src/text-pairs/store';
import { uniqueDbName } from '@platform/service-kit/testing';
import { as, asRole, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { silence, tone, wav } from './support/wav';

let pairCounter = 0;
/** Text pairs straight into the speech service's copy (the sync has its own tests). */
async function addTextPairs(
  h: SpeechHarness,
  count: number,
  options: { approved?: boolean; donations?: number } = {},
): Promise<string[]> {
  const docs: TextPairCopyDoc[] = [...Array(count)].map(() => {
    pairCounter++;
    return {
      _id: new ObjectId().toHexString(),
      source_lang_text: `Good morning number ${pairCounter}.`,
      target_lang_text: `Ẹ káàárọ̀ nọ́mbà ${pairCounter}.`,
      text_category: 'conversational',
      approved: options.approved ?? true,
      donations: options.donations ?? 0,
      rand: Math.random(),
      seq: pairCounter,
    };
  });
  await h.col.textPairs.insertMany(docs);
  // The sync keeps this running count; these pairs skip the sync.
  if (options.approved ?? true) await h.stores.audioPairs.countApprovedTextPairs(count);
  return docs.map((d) => d._id);
}

type Part = Parameters<typeof multipart>[0][number];
const english = (data: Buffer = tone(), filename = 'english.wav'): Part => ({
  name: 'source_audio_file',
  filename,
  type: 'audio/wav',
  data,
});
const yoruba = (data: Buffer = tone(3), filename = 'yoruba.wav'): Part => ({
  name: 'target_audio_file',
  filename,
  type: 'audio/wav',
  data,
});
const field = (name: string, value: string): Part => ({ name, value });

describe('Donate Your Voice and View Audio Pairs (speech service)', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await Promise.all([
      h.col.textPairs.deleteMany({}),
      h.col.textPairMarks.deleteMany({}),
      h.col.audioPairs.deleteMany({}),
      h.col.counters.deleteMany({}),
      h.app.database!.db.collection('audio.files').deleteMany({}),
      h.app.database!.db.collection('audio.chunks').deleteMany({}),
    ]);
  });

  const donate = (parts: Part[], headers: Record<string, string> = as('ada'), url = '/api/audio/upload/') => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const fullDonation = (textId: string, dialect = 'standard-yoruba') => [
    field('text_id', textId),
    field('user_dialect', dialect),
    english(),
    yoruba(),
  ];
  const stored = async () => ({
    files: await h.app.database!.db.collection('audio.files').countDocuments(),
    chunks: await h.app.database!.db.collection('audio.chunks').countDocuments(),
    pairs: await h.col.audioPairs.countDocuments(),
  });
  const nothingStored = { files: 0, chunks: 0, pairs: 0 };

  describe('POST /api/audio/upload', () => {
    it('stores both sides in GridFS and answers the record, with the donor from the session, not user_id', async () => {
      const [textId] = await addTextPairs(h, 1);
      const res = await donate([field('user_id', 'someone-else'), ...fullDonation(textId!, 'ekiti-yoruba')]);
      expect(res.statusCode).toBe(201);
      const record = res.json<AudioPairRecord>();
      expect(record).toEqual({
        audio_id: expect.stringMatching(/^[0-9a-f]{24}$/),
        user_id: expect.stringMatching(/^[0-9a-f]{8}$/),
        user_dialect: 'ekiti-yoruba',
        status: 'pending',
        text_id: textId,
        source_lang_text: expect.stringMatching(/^Good morning number/),
        target_lang_text: expect.stringMatching(/^Ẹ káàárọ̀/),
        text_category: 'conversational',
        source_lang_audio: `audio/pairs/${record.audio_id}-source.wav`,
        target_lang_audio: `audio/pairs/${record.audio_id}-target.wav`,
        source_duration_ms: 2000,
        target_duration_ms: 3000,
        created_at: expect.any(String),
      });
      expect(record.user_id).not.toContain('ada');
      const doc = await h.col.audioPairs.findOne({ _id: new ObjectId(record.audio_id) });
      expect(doc?.donorId).toBe('ada');
      expect(await stored()).toEqual({ files: 2, chunks: 2, pairs: 1 });
      const names = await h.app.database!.db.collection('audio.files').distinct('filename');
      expect(names.sort()).toEqual([record.source_lang_audio, record.target_lang_audio]);
      expect((await h.col.textPairs.findOne({ _id: textId! }))?.donations).toBe(1);
    });

    it('takes the parts in any order, on the path without the trailing slash too', async () => {
      const [textId] = await addTextPairs(h, 1);
      const res = await donate(
        [yoruba(), english(), field('user_dialect', 'other'), field('text_id', textId!)],
        as('bola'),
        '/api/audio/upload',
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().user_dialect).toBe('other');
    });

    // Files first, so each refusal below comes after audio has already been written to GridFS.
    const refusals: Array<[string, () => Promise<Part[]>, number, string]> = [
      [
        'one side missing',
        async () => [english(), field('text_id', await approvedId()), field('user_dialect', 'other')],
        400,
        'audio_pair.missing_file',
      ],
      [
        'non-WAV bytes named .wav',
        async () => [
          english(),
          yoruba(Buffer.from('ID3 this is an mp3, honestly'.repeat(200))),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
        ],
        415,
        'audio_pair.not_wav',
      ],
      [
        'a silent side',
        async () => [
          english(),
          yoruba(silence(3)),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
        ],
        422,
        'audio_pair.silent',
      ],
      [
        'a side over 30 s',
        async () => [
          english(),
          yoruba(wav({ seconds: 31 })),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
        ],
        422,
        'audio_pair.bad_duration',
      ],
      [
        'a side under 1 s',
        async () => [
          english(wav({ seconds: 0.5 })),
          yoruba(),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
        ],
        422,
        'audio_pair.bad_duration',
      ],
      [
        'an unknown text_id',
        async () => [
          english(),
          yoruba(),
          field('user_dialect', 'other'),
          field('text_id', new ObjectId().toHexString()),
        ],
        404,
        'audio_pair.unknown_text_pair',
      ],
      [
        'a text pair not approved',
        async () => [
          english(),
          yoruba(),
          field('user_dialect', 'other'),
          field('text_id', (await addTextPairs(h, 1, { approved: false }))[0]!),
        ],
        404,
        'audio_pair.unknown_text_pair',
      ],
      [
        'no text_id',
        async () => [english(), yoruba(), field('user_dialect', 'other')],
        400,
        'audio_pair.unknown_text_pair',
      ],
      [
        'a dialect not on the list',
        async () => [
          english(),
          yoruba(),
          field('text_id', await approvedId()),
          field('user_dialect', 'lagos-yoruba'),
        ],
        400,
        'validation.failed',
      ],
      [
        'no dialect',
        async () => [english(), yoruba(), field('text_id', await approvedId())],
        400,
        'validation.failed',
      ],
      [
        'a side over 10 MB',
        async () => [
          english(),
          yoruba(wav({ seconds: (AUDIO_PAIR_FILE_MAX_BYTES + 1000) / 16000 })),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
        ],
        413,
        'audio_pair.too_large',
      ],
      [
        'a field that is not expected',
        async () => [
          english(),
          yoruba(),
          field('text_id', await approvedId()),
          field('user_dialect', 'other'),
          field('speaker', 'x'),
        ],
        400,
        'audio_pair.unknown_field',
      ],
    ];
    const approvedId = async () => (await addTextPairs(h, 1))[0]!;

    it.each(refusals)('refuses %s and keeps nothing of the pair', async (_what, parts, status, code) => {
      const res = await donate(await parts());
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      if (code === 'validation.failed') expect(res.json().message).toBe('Please select your dialect.');
      else if (code !== 'audio_pair.unknown_field') {
        expect(res.json().message).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
      }
      expect(await stored()).toEqual(nothingStored);
    });

    it('refuses a body that is not multipart', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/audio/upload/',
        headers: { ...as('ada'), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(415);
      expect(await stored()).toEqual(nothingStored);
    });

    it('takes one donation per person and pair (409), keeping the first and nothing of the second', async () => {
      const [textId] = await addTextPairs(h, 1);
      expect((await donate(fullDonation(textId!))).statusCode).toBe(201);
      const again = await donate([
        english(),
        yoruba(),
        field('user_dialect', 'other'),
        field('text_id', textId!),
      ]);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('audio_pair.already_donated');
      expect(await stored()).toEqual({ files: 2, chunks: 2, pairs: 1 });
      // Someone else may still donate it.
      expect((await donate(fullDonation(textId!), as('chidi'))).statusCode).toBe(201);
    });

    it('stores 50 donations sent at once, each with both sides', async () => {
      const [textId] = await addTextPairs(h, 1);
      const results = await Promise.all(
        [...Array(50)].map((_, i) => donate(fullDonation(textId!), as(`donor${i}`))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      expect(await stored()).toEqual({ files: 100, chunks: 100, pairs: 50 });
      expect((await h.col.textPairs.findOne({ _id: textId! }))?.donations).toBe(50);
    });

    it('is for signed-in people only', async () => {
      const [textId] = await addTextPairs(h, 1);
      const body = multipart(fullDonation(textId!));
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/audio/upload/',
        headers: body.headers,
        payload: body.payload,
      });
      expect(res.statusCode).toBe(401);
      expect(await stored()).toEqual(nothingStored);
    });
  });

  describe('GET /api/audio/next, skip and report', () => {
    const next = async (who = 'ada') =>
      (await h.app.inject({ url: '/api/audio/next', headers: as(who) })).json();

    it('offers the approved pair with the fewest donations, with this person’s count and the total', async () => {
      const [many] = await addTextPairs(h, 1, { donations: 5 });
      const [few] = await addTextPairs(h, 1, { donations: 1 });
      await addTextPairs(h, 1, { donations: 3 });
      await addTextPairs(h, 2, { approved: false });
      expect(await next()).toEqual({
        pair: {
          text_id: few,
          source_lang_text: expect.any(String),
          target_lang_text: expect.any(String),
          text_category: 'conversational',
        },
        donated: 0,
        total: 3,
      });
      expect(many).toBeDefined();
    });

    it('never offers a pair the person donated, skipped or reported; others still get them', async () => {
      const [a, b, c, d] = await addTextPairs(h, 4);
      await h.col.textPairs.updateOne({ _id: b! }, { $set: { donations: 1 } });
      await h.col.textPairs.updateOne({ _id: c! }, { $set: { donations: 2 } });
      await h.col.textPairs.updateOne({ _id: d! }, { $set: { donations: 3 } });
      expect((await next()).pair.text_id).toBe(a);

      expect((await donate(fullDonation(a!))).statusCode).toBe(201);
      // a now has 1 donation, like b; ada donated a, so b comes next for her.
      expect(await next()).toMatchObject({ pair: { text_id: b }, donated: 1, total: 4 });

      const skip = await h.app.inject({
        method: 'POST',
        url: `/api/audio/pairs/${b}/skip`,
        headers: as('ada'),
      });
      expect(skip.json()).toEqual({ id: b, ok: true });
      expect((await next()).pair.text_id).toBe(c);

      const report = await h.app.inject({
        method: 'POST',
        url: `/api/audio/pairs/${c}/report`,
        headers: as('ada'),
        payload: { reason: 'wrong-translation' },
      });
      expect(report.statusCode).toBe(200);
      expect((await next()).pair.text_id).toBe(d);

      expect((await h.col.textPairMarks.findOne({ textId: c!, kind: 'reported' }))?.flagPending).toBe(true);
      expect(await next('bola')).toMatchObject({
        pair: { text_id: expect.any(String) },
        donated: 0,
        total: 4,
      });
      expect((await next('bola')).pair.text_id).not.toBe(d);
    });

    it('looks past many done pairs at the head of the queue', async () => {
      const ids: string[] = [];
      for (let d = 0; d < 45; d++) ids.push(...(await addTextPairs(h, 1, { donations: d })));
      for (const id of ids.slice(0, 44)) {
        await h.app.inject({ method: 'POST', url: `/api/audio/pairs/${id}/skip`, headers: as('ada') });
      }
      expect(await next()).toMatchObject({ pair: { text_id: ids[44] }, total: 45 });
      expect((await next('bola')).pair.text_id).toBe(ids[0]);
    });

    it('says there is nothing left once every approved pair is done', async () => {
      const [a] = await addTextPairs(h, 1);
      await h.app.inject({ method: 'POST', url: `/api/audio/pairs/${a}/skip`, headers: as('ada') });
      await h.app.inject({ method: 'POST', url: `/api/audio/pairs/${a}/skip`, headers: as('ada') });
      expect(await next()).toEqual({ pair: null, donated: 0, total: 1 });
    });

    it('needs details for a report of kind other, and knows only pairs it has', async () => {
      const [a] = await addTextPairs(h, 1);
      const other = await h.app.inject({
        method: 'POST',
        url: `/api/audio/pairs/${a}/report`,
        headers: as('ada'),
        payload: { reason: 'other', details: '   ' },
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().code).toBe('report.details_required');
      const unknown = await h.app.inject({
        method: 'POST',
        url: `/api/audio/pairs/${new ObjectId().toHexString()}/skip`,
        headers: as('ada'),
      });
      expect(unknown.statusCode).toBe(404);
      expect(await h.col.textPairMarks.countDocuments()).toBe(0);
    });
  });

  describe('View Audio Pairs: GET /api/audio/all, decisions and audio', () => {
    /** Audio pair records straight into the collection (files are not needed to list them). */
    async function addAudioPairs(
      count: number,
      donorId: string,
      options: { dialect?: AudioPairRecord['user_dialect']; status?: AudioPairRecord['status'] } = {},
    ) {
      const fileId = new ObjectId();
      const docs = [...Array(count)].map(() => ({
        _id: new ObjectId(),
        textId: new ObjectId().toHexString(),
        sourceText: 'Good morning.',
        targetText: 'Ẹ káàárọ̀.',
        category: 'conversational' as const,
        dialect: options.dialect ?? ('standard-yoruba' as const),
        donorId,
        sourceFileId: fileId,
        targetFileId: fileId,
        sourceBytes: 1,
        targetBytes: 1,
        sourceDurationMs: 1000,
        targetDurationMs: 1000,
        status: options.status ?? ('pending' as const),
        createdAt: new Date(),
      }));
      await h.col.audioPairs.insertMany(docs);
      // Uploads keep this running count; these pairs skip the upload.
      await h.stores.audioPairs.countAudioPair(docs[0]!.status, docs[0]!.dialect, count);
      return docs.map((d) => d._id.toHexString());
    }
    const list = async (query: string, headers: Record<string, string>) =>
      (await h.app.inject({ url: `/api/audio/all/${query ? `?${query}` : ''}`, headers })).json();

    it('filters by dialect and status and pages on the server with exact totals, newest first', async () => {
      await addAudioPairs(7, 'ada', { dialect: 'ekiti-yoruba', status: 'pending' });
      await addAudioPairs(3, 'bola', { dialect: 'ekiti-yoruba', status: 'approved' });
      const ijebu = await addAudioPairs(12, 'chidi', { dialect: 'ijebu-yoruba', status: 'pending' });
      const reviewer = asRole('rita', 'reviewer');

      const first = await list('', reviewer);
      expect({
        total: first.total,
        page: first.page,
        pageSize: first.pageSize,
        n: first.items.length,
      }).toEqual({
        total: 22,
        page: 1,
        pageSize: 5,
        n: 5,
      });
      expect(first.items[0].audio_id).toBe(ijebu[11]);

      expect((await list('dialect=ekiti-yoruba', reviewer)).total).toBe(10);
      expect((await list('status=approved', reviewer)).total).toBe(3);
      const both = await list('dialect=ekiti-yoruba&status=pending&page=2', reviewer);
      expect({ total: both.total, n: both.items.length }).toEqual({ total: 7, n: 2 });
      const last = await list('dialect=ijebu-yoruba&page=3&pageSize=5', reviewer);
      expect(last.items.map((i: AudioPairRecord) => i.audio_id)).toEqual([ijebu[1], ijebu[0]]);
      expect((await list('dialect=ijebu-yoruba&page=4', reviewer)).items).toEqual([]);

      const bad = await h.app.inject({ url: '/api/audio/all?status=lost', headers: reviewer });
      expect(bad.statusCode).toBe(400);
    });

    it('shows reviewers and admins every pair, and anyone else only their own', async () => {
      await addAudioPairs(2, 'ada');
      await addAudioPairs(3, 'bola');
      expect((await list('', asRole('rita', 'reviewer'))).total).toBe(5);
      expect((await list('', asRole('root', 'admin'))).total).toBe(5);
      expect((await list('', as('ada'))).total).toBe(2);
      expect((await list('', asRole('rex', 'researcher'))).total).toBe(0);
      const own = await list('', as('bola'));
      expect(new Set(own.items.map((i: AudioPairRecord) => i.user_id)).size).toBe(1);
      expect(JSON.stringify(own)).not.toContain('bola');
    });

    it('lets a reviewer decide a pending pair once (409 after), with who and when; not a contributor', async () => {
      const [id] = await addAudioPairs(1, 'ada');
      const decide = (headers: Record<string, string>, body: object, target = id) =>
        h.app.inject({ method: 'POST', url: `/api/audio/${target}/decision`, headers, payload: body });

      expect((await decide(as('ada'), { status: 'approved' })).statusCode).toBe(403);
      const approved = await decide(asRole('rita', 'reviewer'), { status: 'approved', reason: ' clear ' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        audio_id: id,
        status: 'approved',
        decision: { by: expect.stringMatching(/^[0-9a-f]{8}$/), at: expect.any(String), reason: 'clear' },
      });
      const again = await decide(asRole('root', 'admin'), { status: 'rejected' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('audio_pair.decided');
      expect(
        (await decide(asRole('rita', 'reviewer'), { status: 'approved' }, new ObjectId().toHexString()))
          .statusCode,
      ).toBe(404);
      expect((await list('status=approved', as('ada'))).items[0].decision.reason).toBe('clear');
      // The reviewers' totals follow the decision.
      expect((await list('status=approved', asRole('rita', 'reviewer'))).total).toBe(1);
      expect((await list('status=pending', asRole('rita', 'reviewer'))).total).toBe(0);
      expect((await list('dialect=standard-yoruba', asRole('rita', 'reviewer'))).total).toBe(1);

      const stats = await h.col.audioPairs.countDocuments({ donorId: 'ada', status: 'approved' });
      expect(stats).toBe(1);
    });

    it('decides a pair once even when two reviewers decide it at the same moment', async () => {
      const [id] = await addAudioPairs(1, 'ada');
      const results = await Promise.all(
        ['approved', 'rejected', 'approved', 'rejected'].map((status, i) =>
          h.app.inject({
            method: 'POST',
            url: `/api/audio/${id}/decision`,
            headers: asRole(`rev${i}`, 'reviewer'),
            payload: { status },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    });

    it('serves each side from /audio/pairs with ranges, to the donor, reviewers and admins only', async () => {
      const [textId] = await addTextPairs(h, 1);
      const record = (await donate(fullDonation(textId!))).json<AudioPairRecord>();
      const url = `/${record.source_lang_audio.replace(/^audio\//, 'audio/')}`;
      expect(url).toBe(`/audio/pairs/${record.audio_id}-source.wav`);
      const sent = tone();

      const full = await h.app.inject({ url, headers: as('ada') });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('audio/wav');
      expect(full.rawPayload.equals(sent)).toBe(true);

      const part = await h.app.inject({ url, headers: { ...as('ada'), range: 'bytes=0-11' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-11/${sent.length}`);
      expect(part.rawPayload.toString('latin1')).toBe(
        'RIFF' + sent.subarray(4, 8).toString('latin1') + 'WAVE',
      );

      const target = await h.app.inject({
        url: `/audio/pairs/${record.audio_id}-target.wav`,
        headers: asRole('rita', 'reviewer'),
      });
      expect(target.statusCode).toBe(200);
      expect(target.rawPayload.equals(tone(3))).toBe(true);
      expect((await h.app.inject({ url, headers: asRole('root', 'admin') })).statusCode).toBe(200);

      expect((await h.app.inject({ url, headers: as('bola') })).statusCode).toBe(404);
      expect((await h.app.inject({ url })).statusCode).toBe(401);
      expect(
        (
          await h.app.inject({
            url: `/audio/pairs/${new ObjectId().toHexString()}-source.wav`,
            headers: asRole('rita', 'reviewer'),
          })
        ).statusCode,
      ).toBe(404);
      const beyond = await h.app.inject({
        url,
        headers: { ...as('ada'), range: `bytes=${sent.length + 10}-` },
      });
      expect(beyond.statusCode).toBe(416);
    });
  });

  describe('the person’s dialect', () => {
    it('remembers the dialect; a PUT without one keeps it', async () => {
      const put = (payload: object) =>
        h.app.inject({ method: 'PUT', url: '/api/user/preferences', headers: as('dayo'), payload });
      expect((await h.app.inject({ url: '/api/user/preferences', headers: as('dayo') })).json()).toEqual({
        language: 'yo',
      });
      expect((await put({ language: 'yo', dialect: 'ijebu-yoruba' })).json()).toEqual({
        language: 'yo',
        dialect: 'ijebu-yoruba',
      });
      expect((await put({ language: 'en' })).json()).toEqual({ language: 'en', dialect: 'ijebu-yoruba' });
      expect((await h.app.inject({ url: '/api/user/preferences', headers: as('dayo') })).json()).toEqual({
        language: 'en',
        dialect: 'ijebu-yoruba',
      });
      expect((await put({ language: 'en', dialect: 'lagos' })).statusCode).toBe(400);
    });
  });

  it('counts pairs stored before the running counts existed, at start', async () => {
    const dbName = uniqueDbName('speech_recount');
    const first = await startSpeech({ mongo: h.mongo, dbName });
    await addTextPairs(first, 3);
    await first.col.textPairs.insertOne({
      ...(await first.col.textPairs.findOne({}))!,
      _id: 'not-approved',
      approved: false,
    });
    const pair = (status: AudioPairRecord['status'], dialect: AudioPairRecord['user_dialect']) => ({
      _id: new ObjectId(),
      textId: 't',
      sourceText: 'a',
      targetText: 'b',
      category: 'academic' as const,
      dialect,
      donorId: `d${Math.random()}`,
      sourceFileId: new ObjectId(),
      targetFileId: new ObjectId(),
      sourceBytes: 1,
      targetBytes: 1,
      sourceDurationMs: 1000,
      targetDurationMs: 1000,
      status,
      createdAt: new Date(),
    });
    await first.col.audioPairs.insertMany([
      pair('pending', 'other'),
      pair('approved', 'other'),
      pair('approved', 'ekiti-yoruba'),
    ]);
    await first.col.counters.deleteMany({});
    await first.close();

    const again = await startSpeech({ mongo: h.mongo, dbName });
    try {
      for (let i = 0; i < 100 && !(await again.col.counters.findOne({})); i++)
        await new Promise((r) => setTimeout(r, 20));
      const reviewer = asRole('rita', 'reviewer');
      const total = async (q: string) =>
        (await again.app.inject({ url: `/api/audio/all?${q}`, headers: reviewer })).json().total;
      expect(await total('status=approved')).toBe(2);
      expect(await total('dialect=other')).toBe(2);
      expect(await total('page=1')).toBe(3);
      expect((await again.app.inject({ url: '/api/audio/next', headers: as('ada') })).json().total).toBe(3);
    } finally {
      await again.close();
    }
  });
});
