import { ERROR_CODE_PATTERN, ERROR_MESSAGES, type ErrorCode, type Identity } from '@platform/contracts';
import { multipart, signedAs } from '@platform/service-kit/testing';
import { sentences } from '../src/sentences/store';
import { useTextService } from './support/harness';
import { answerObjects } from './support/openapi';

const person = (id: string): Identity => ({ id, role: 'contributor', name: 'Ada Obi' });
const ada = signedAs(person('ada'));
/** A refused line carries its code and the code's English message, as an error body does. */
const refusedFor = (code: ErrorCode) => ({ accepted: false, code, message: ERROR_MESSAGES[code] });

/** A multipart body: text fields, then the file parts, in the order given. */

describe('text service: Write', () => {
  const service = useTextService('textwrite');

  const col = () => sentences(service.app.database!.db);
  const meta = { citation: 'Written by me.', domain: ['general'], lang: 'yo', cc0Confirmed: true };
  const submit = (body: Record<string, unknown>, headers: Record<string, string> = ada) =>
    service.app.inject({ method: 'POST', url: '/api/sentences', headers, payload: { ...meta, ...body } });
  const batch = (body: Record<string, unknown>, headers: Record<string, string> = ada) =>
    service.app.inject({
      method: 'POST',
      url: '/api/sentences/batch',
      headers,
      payload: { ...meta, ...body },
    });
  const bulk = (
    file: { filename: string; data: Buffer } | null,
    fields: Record<string, string> = {
      citation: 'My notebook.',
      domain: 'general,health',
      lang: 'yo',
      cc0Confirmed: 'true',
    },
    headers: Record<string, string> = ada,
  ) => {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [{ name: 'file', ...file }] : []),
    ]);
    return service.app.inject({
      method: 'POST',
      url: '/api/sentences/bulk',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  describe('POST /api/sentences', () => {
    it('takes in a Yoruba sentence with tone marks as pending, written by the signed-in person', async () => {
      const res = await submit({
        text: ' Ọmọ   náà ń  kàwé. '.normalize('NFD'),
        domain: ['education', 'general'],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        text: 'Ọmọ náà ń kàwé.'.normalize('NFC'),
        language: 'yo',
        status: 'pending',
      });
      const doc = await col().findOne({ text: body.text });
      expect(doc).toMatchObject({
        authorId: 'ada',
        status: 'pending',
        approvals: 0,
        rejections: 0,
        domains: ['education', 'general'],
        citation: 'Written by me.',
        source: 'write',
        key: 'ọmọnáàńkàwé'.normalize('NFC'),
        seq: expect.any(Number),
      });
    });

    it('shows the new sentence on the change feed the speech service follows', async () => {
      const res = await submit({ text: 'Bàbá ń jẹun.' });
      const id = res.json().id as string;
      const feed = await service.app.inject({
        url: '/internal/sentences/changes?after=0&limit=1000',
        headers: signedAs({ id: 'service-speech', role: 'service', name: 'speech service' }),
      });
      expect(feed.json().items).toContainEqual(expect.objectContaining({ id, status: 'pending' }));
    });

    it.each([
      ['the same words without tone marks', 'Omo naa n sere.', 'sentence.needs_tone_marks'],
      ['digits', 'Ọmọ mẹ́ta 3.', 'sentence.has_digits'],
      ['a web address', 'Ẹ lọ sí https://example.org.', 'sentence.has_link'],
      ['fifteen words', `${Array.from({ length: 15 }, () => 'ọmọ').join(' ')}.`, 'sentence.too_many_words'],
      ['foreign letters', 'Ọmọ náà ń quiz.', 'sentence.foreign_letters'],
      ['symbols', 'Ọmọ náà # ń ṣeré.', 'sentence.bad_symbols'],
      ['nothing', '   ', 'sentence.empty'],
    ])('refuses %s with 400 and its code, storing nothing', async (_what, text, code) => {
      const before = await col().countDocuments();
      const res = await submit({ text });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, statusCode: 400, message: expect.any(String) });
      expect(await col().countDocuments()).toBe(before);
    });

    it('refuses a duplicate written in another case and punctuation with 409', async () => {
      expect((await submit({ text: 'Ilé wa tóbi.' })).statusCode).toBe(201);
      const res = await submit({ text: 'ilé   WA, tóbi!' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('sentence.duplicate');
      // Another language may hold the same letters.
      expect((await submit({ text: 'Ile wa tobi.', lang: 'pcm' })).statusCode).toBe(201);
    });

    it('takes the same sentence sent five times at once exactly once; the others get 409', async () => {
      const results = await Promise.all(
        ['Àjọ̀dún dé.', 'àjọ̀dún dé!', 'Àjọ̀dún, dé.', 'ÀJỌ̀DÚN DÉ', 'Àjọ̀dún dé.'].map((text, i) =>
          submit({ text }, signedAs(person(`writer${i}`))),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await col().countDocuments({ key: 'àjọ̀dúndé'.normalize('NFC') })).toBe(1);
    });

    it('refuses a blank citation, four domains and an unconfirmed licence with 400', async () => {
      const text = 'Ojú ọjọ́ dára.';
      expect((await submit({ text, citation: '  ' })).json()).toMatchObject({
        statusCode: 400,
        code: 'sentence.citation_required',
      });
      expect((await submit({ text, domain: ['general', 'health', 'news', 'media'] })).json()).toMatchObject({
        statusCode: 400,
        code: 'sentence.too_many_domains',
      });
      expect((await submit({ text, cc0Confirmed: false })).json()).toMatchObject({
        statusCode: 400,
        code: 'sentence.cc0_unconfirmed',
      });
      expect((await submit({ text, domain: ['cooking'] })).statusCode).toBe(400);
      expect(await col().countDocuments({ text })).toBe(0);
    });

    it('takes the author from the signed identity only: a body naming someone else is refused', async () => {
      const res = await submit({ text: 'Ẹyẹ ń fò.', authorId: 'mallory' });
      expect(res.statusCode).toBe(400);
      const ok = await submit({ text: 'Ẹyẹ ń fò.' }, signedAs(person('bola')));
      expect(ok.statusCode).toBe(201);
      expect(await col().findOne({ text: 'Ẹyẹ ń fò.' })).toMatchObject({ authorId: 'bola' });
    });

    it('refuses a signed-out caller with 401', async () => {
      const res = await submit({ text: 'Ẹja ń wẹ̀.' }, {});
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/sentences/batch', () => {
    it('takes in the good lines and tells each line its outcome', async () => {
      await submit({ text: 'Ọ̀rẹ́ mi dé.' });
      const res = await batch({
        sentences: [
          'Adìẹ ń jẹ àgbàdo.',
          '',
          'Adie n je agbado ni oko.',
          'ọ̀RẸ́ MI DÉ!',
          'Mo ní ajá 2.',
          '   ',
          'Adìẹ ń jẹ àgbàdo!',
          'Ewúrẹ́ ń sùn.',
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        accepted: 2,
        refused: 4,
        lines: [
          { line: 1, text: 'Adìẹ ń jẹ àgbàdo.', accepted: true },
          { line: 3, text: 'Adie n je agbado ni oko.', ...refusedFor('sentence.needs_tone_marks') },
          { line: 4, text: 'ọ̀RẸ́ MI DÉ!', ...refusedFor('sentence.duplicate') },
          { line: 5, text: 'Mo ní ajá 2.', ...refusedFor('sentence.has_digits') },
          { line: 7, text: 'Adìẹ ń jẹ àgbàdo!', ...refusedFor('sentence.repeated') },
          { line: 8, text: 'Ewúrẹ́ ń sùn.', accepted: true },
        ].map((l) => ({ ...l, text: l.text.normalize('NFC') })),
      });
      // A script reads why in words: the line's code with the English message an error body gives it.
      expect(res.json().lines[3]).toMatchObject({
        code: 'sentence.has_digits',
        message: 'Write numbers out in words: a sentence may not contain digits.',
      });
      const stored = await col()
        .find({ text: { $in: ['Adìẹ ń jẹ àgbàdo.', 'Ewúrẹ́ ń sùn.'] } })
        .toArray();
      expect(stored.map((s) => [s.status, s.authorId, s.domains])).toEqual([
        ['pending', 'ada', ['general']],
        ['pending', 'ada', ['general']],
      ]);
    });

    it('stores nothing when no line is acceptable, answering 422 with every line', async () => {
      const before = await col().countDocuments();
      const res = await batch({ sentences: ['Omo naa lo.', 'Mo ní 3.'] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'Unprocessable Entity',
        code: 'sentence.none_accepted',
        message: expect.any(String),
        statusCode: 422,
        accepted: 0,
        refused: 2,
        lines: [
          { line: 1, text: 'Omo naa lo.', ...refusedFor('sentence.needs_tone_marks') },
          { line: 2, text: 'Mo ní 3.', ...refusedFor('sentence.has_digits') },
        ],
      });
      expect(await col().countDocuments()).toBe(before);
    });

    it('refuses an empty batch, more than 20 lines, and a blank citation with 400', async () => {
      expect((await batch({ sentences: ['', '  '] })).json()).toMatchObject({ code: 'sentence.batch_empty' });
      const many = Array.from({ length: 21 }, (_, i) => `Ọmọ ${'ọ'.repeat(i + 1)} ń ṣeré.`);
      const res = await batch({ sentences: many });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'sentence.batch_too_many', statusCode: 400 });
      expect((await batch({ sentences: ['Ọmọ ń sáré.'], citation: '' })).json()).toMatchObject({
        code: 'sentence.citation_required',
      });
      expect(await col().countDocuments({ text: 'Ọmọ ń sáré.' })).toBe(0);
    });
  });

  describe('POST /api/sentences/bulk', () => {
    it('reads a .txt, one sentence a line, with per-line outcomes and the file’s line numbers', async () => {
      const text =
        '\uFEFFÌyá ń se oúnjẹ.\r\n\r\nIya n se ounje ni ile.\nÌyá ń se oúnjẹ!\nÀwọn ọmọ ń kọrin.\n';
      const res = await bulk({ filename: 'mine.TXT', data: Buffer.from(text, 'utf8') });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        accepted: 2,
        refused: 2,
        lines: [
          { line: 1, text: 'Ìyá ń se oúnjẹ.'.normalize('NFC'), accepted: true },
          { line: 3, text: 'Iya n se ounje ni ile.', ...refusedFor('sentence.needs_tone_marks') },
          { line: 4, text: 'Ìyá ń se oúnjẹ!'.normalize('NFC'), ...refusedFor('sentence.repeated') },
          { line: 5, text: 'Àwọn ọmọ ń kọrin.'.normalize('NFC'), accepted: true },
        ],
      });
      expect(await col().findOne({ text: 'Àwọn ọmọ ń kọrin.'.normalize('NFC') })).toMatchObject({
        authorId: 'ada',
        status: 'pending',
        citation: 'My notebook.',
        domains: ['general', 'health'],
      });
    });

    it('reads the first column of a .csv without a header', async () => {
      const csv = '"Oòrùn ń ràn, ó mọ́lẹ̀.",extra\nÒjò ń rọ̀.\n"Mo ní 5",x\n';
      const res = await bulk({ filename: 'lines.csv', data: Buffer.from(csv) });
      expect(res.statusCode).toBe(201);
      expect(res.json().lines).toEqual([
        { line: 1, text: 'Oòrùn ń ràn, ó mọ́lẹ̀.'.normalize('NFC'), accepted: true },
        { line: 2, text: 'Òjò ń rọ̀.'.normalize('NFC'), accepted: true },
        { line: 3, text: 'Mo ní 5', ...refusedFor('sentence.has_digits') },
      ]);
    });

    it('skips a header row, such as the refused-lines file the Write screen offers to download', async () => {
      const csv =
        'sentence,line,reason\n"Igi náà ga.",3,"Yoruba sentences must carry tone marks"\nÀgbẹ̀ ń ṣiṣẹ́.,4,x\n';
      const res = await bulk({ filename: 'refused.csv', data: Buffer.from(csv) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        accepted: 2,
        refused: 0,
        lines: [
          { line: 2, text: 'Igi náà ga.'.normalize('NFC'), accepted: true },
          { line: 3, text: 'Àgbẹ̀ ń ṣiṣẹ́.'.normalize('NFC'), accepted: true },
        ],
      });
    });

    it('refuses a file that is not UTF-8 with 415, storing nothing', async () => {
      const before = await col().countDocuments();
      const latin1 = Buffer.from('Caf\xe9 ouvert.\n', 'latin1');
      const res = await bulk({ filename: 'old.txt', data: latin1 });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'sentence.file_not_utf8', statusCode: 415 });
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ọmọ ń ṣeré.\n', 'utf16le')]);
      expect((await bulk({ filename: 'wide.txt', data: utf16 })).statusCode).toBe(415);
      expect(await col().countDocuments()).toBe(before);
    });

    it('never trusts the name: a binary file called .txt, or a file of another kind, gets 415', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
      expect((await bulk({ filename: 'photo.txt', data: png })).json()).toMatchObject({
        statusCode: 415,
        code: 'sentence.file_not_utf8',
      });
      const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]);
      expect((await bulk({ filename: 'program.csv', data: elf })).json()).toMatchObject({
        statusCode: 415,
        code: 'sentence.file_type',
      });
      expect((await bulk({ filename: 'notes.docx', data: Buffer.from('Ọmọ ń ṣeré.') })).json()).toMatchObject(
        {
          statusCode: 415,
          code: 'sentence.file_type',
        },
      );
    });

    it('takes a file of nearly 2 MB, and refuses one over 2 MB with 413 storing nothing', async () => {
      const line = (i: number) =>
        `Ọmọ ${'ọ'.repeat((i % 40) + 1)} ${'à'.repeat(Math.floor(i / 40) + 1)} ń ṣeré.\n`;
      const lines: string[] = [];
      let bytes = 0;
      for (let i = 0; bytes < 2 * 1024 * 1024 - 200; i++) {
        const l = line(i);
        if (bytes + Buffer.byteLength(l) > 2 * 1024 * 1024) break;
        lines.push(l);
        bytes += Buffer.byteLength(l);
      }
      const before = await col().countDocuments();
      const big = Buffer.from(`${lines.join('')}Ọmọ kan sí i.\n`.repeat(1));
      const over = Buffer.concat([big, Buffer.from('x'.repeat(2 * 1024 * 1024 - big.length + 10))]);
      const refused = await bulk({ filename: 'over.txt', data: over });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ code: 'sentence.file_too_large' });
      expect(await col().countDocuments()).toBe(before);

      const file = Buffer.from(lines.join(''));
      expect(file.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      const res = await bulk({ filename: 'big.txt', data: file });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.accepted).toBe(lines.length);
      expect(body.refused).toBe(0);
      expect(await col().countDocuments()).toBe(before + lines.length);
    });

    it('refuses a file of more than 100,000 sentences with 413, storing nothing', async () => {
      const before = await col().countDocuments();
      for (const [filename, line] of [
        ['many.txt', 'Bẹ́ẹ̀ni.\n'],
        ['many.csv', '"Bẹ́ẹ̀ni.",x\n'],
      ]) {
        const refused = await bulk({ filename: filename!, data: Buffer.from(line!.repeat(100_001)) });
        expect(refused.statusCode).toBe(413);
        expect(refused.json()).toEqual({
          error: 'Payload Too Large',
          code: 'sentence.file_too_many_lines',
          message: 'A file may hold at most 100,000 sentences.',
          statusCode: 413,
        });
      }
      expect(await col().countDocuments()).toBe(before);
    });

    it('refuses a missing file, a missing language and a blank citation with 400', async () => {
      expect((await bulk(null)).json()).toMatchObject({ statusCode: 400, code: 'sentence.file_missing' });
      const file = { filename: 'a.txt', data: Buffer.from('Ọmọ ń sùn.\n') };
      expect((await bulk(file, { citation: 'c', cc0Confirmed: 'true' })).json()).toMatchObject({
        statusCode: 400,
        code: 'validation.failed',
      });
      expect((await bulk(file, { citation: ' ', lang: 'yo', cc0Confirmed: 'true' })).json()).toMatchObject({
        statusCode: 400,
        code: 'sentence.citation_required',
      });
      expect(
        (
          await bulk(file, {
            citation: 'c',
            lang: 'yo',
            domain: 'general,health,news,media',
            cc0Confirmed: 'true',
          })
        ).json(),
      ).toMatchObject({ statusCode: 400, code: 'sentence.too_many_domains' });
      expect(await col().countDocuments({ text: 'Ọmọ ń sùn.'.normalize('NFC') })).toBe(0);
    });

    it('answers 422 with every line when nothing in the file is acceptable', async () => {
      const res = await bulk({ filename: 'bad.txt', data: Buffer.from('Omo n sun.\nMo ní 3.\n') });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'sentence.none_accepted', accepted: 0, refused: 2 });
    });

    it('refuses a form that names an author: only the signed-in person writes', async () => {
      const body = multipart([
        { name: 'citation', value: 'c' },
        { name: 'lang', value: 'yo' },
        { name: 'cc0Confirmed', value: 'true' },
        { name: 'authorId', value: 'mallory' },
        { name: 'file', filename: 'a.txt', data: Buffer.from('Ẹṣin ń sáré.\n') },
      ]);
      const res = await service.app.inject({
        method: 'POST',
        url: '/api/sentences/bulk',
        headers: { ...ada, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(await col().countDocuments({ authorId: 'mallory' })).toBe(0);
    });
  });

  it('describes a refused line with its code and message in the OpenAPI document', async () => {
    for (const path of ['/api/sentences/batch', '/api/sentences/bulk']) {
      expect(await answerObjects(service.app, 'post', path)).toContainEqual(
        expect.objectContaining({
          line: expect.objectContaining({ type: 'integer' }),
          code: expect.objectContaining({ type: 'string', pattern: ERROR_CODE_PATTERN }),
          message: expect.objectContaining({ type: 'string' }),
        }),
      );
    }
  });
});
