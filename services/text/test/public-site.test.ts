import { SERVICE_IDENTITIES, type TextFigures } from '@platform/contracts';
import { recordActivity } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { activeSince } from '../src/public-site/text-figures';
import { insertSentences } from '../src/sentences/store';
import { person } from './support';
import { useTextService } from './support/harness';

const DAY_MS = 86_400_000;
const gateway = signedAs(SERVICE_IDENTITIES.gateway);

describe('GET /internal/public/text-figures: the text side of the public figures', () => {
  const service = useTextService('text_public_figures');
  const db = () => service.app.database!.db;

  const post = (url: string, who: Record<string, string>, payload: object) =>
    service.app.inject({ method: 'POST', url, headers: who, payload });
  const write = async (who: string, lang: string, text: string) => {
    const res = await post('/api/sentences', person(who), {
      text,
      lang,
      citation: 'Written by me.',
      domain: ['general'],
      cc0Confirmed: true,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const addPair = async (en: string, yo: string) => {
    const res = await post('/api/text/add/', person('tayo'), {
      source_lang_text: en,
      target_lang_text: yo,
      text_category: 'conversational',
    });
    expect(res.statusCode).toBe(201);
    return res.json().text_id as string;
  };
  const judge = async (kind: string, id: string, who: string, verdict: string) =>
    expect((await post(`/api/review/${kind}/${id}`, person(who), { verdict })).statusCode).toBe(200);
  const figures = () =>
    service.app.inject({ method: 'GET', url: '/internal/public/text-figures', headers: gateway });

  beforeAll(async () => {
    // The starter set: validated, nobody's.
    const starter = (language: 'yo' | 'en' | 'ha', text: string) => ({
      text,
      language,
      citation: 'Public domain.',
      license: 'CC0-1.0',
      source: 'seed' as const,
      status: 'validated' as const,
    });
    await insertSentences(db(), service.app.sequenceWriter, [
      starter('yo', 'Ọjọ́ dára lónìí.'),
      starter('yo', 'Mo fẹ́ràn oúnjẹ yìí.'),
      starter('yo', 'Ilé ìwé wa tóbi.'),
      starter('en', 'The market opens at dawn.'),
      starter('en', 'Rain fell all night.'),
      starter('ha', 'Ina son karatu sosai.'),
    ]);
    // Ada writes two Yoruba sentences (one approved, one rejected by review) and one Igbo one (pending).
    const approved = await write('ada', 'yo', 'Ẹ káàbọ̀ sí ìlú wa.');
    const rejected = await write('ada', 'yo', 'Omi náà tutù gan-an.');
    await write('ada', 'ig', 'Nwa ahụ na-agụ akwụkwọ.');
    await judge('sentence', approved, 'r1', 'approve');
    await judge('sentence', approved, 'r2', 'approve');
    await judge('sentence', rejected, 'r1', 'reject');
    await judge('sentence', rejected, 'r2', 'reject');
    // Tayo adds three pairs; reviewers approve two, the third waits.
    const first = await addPair('Good morning.', 'Ẹ káàárọ̀.');
    const second = await addPair('Thank you.', 'Ẹ ṣé.');
    await addPair('Good night.', 'Ó dàárọ̀.');
    for (const id of [first, second]) {
      await judge('pair', id, 'r1', 'approve');
      await judge('pair', id, 'r2', 'approve');
    }
    // A skip is not a review: r0 is not an active contributor.
    const pending = await write('ada', 'en', 'The river is wide here.');
    await judge('sentence', pending, 'r0', 'skip');
    const now = Date.now();
    await recordActivity(db(), [
      // Wrote 29 days ago: inside the window.
      { kind: 'sentences.written', userId: 'lately', language: 'yo', at: new Date(now - 29 * DAY_MS) },
      // Wrote 45 days ago: outside.
      { kind: 'sentences.written', userId: 'gone', language: 'yo', at: new Date(now - 45 * DAY_MS) },
      // A sentence of theirs was approved today: that is the reviewers' doing, not theirs.
      { kind: 'sentences.approved', userId: 'passive', language: 'en', at: new Date(now) },
      // Counted, then undone (an erased contribution): nothing remains.
      { kind: 'reviews.given', userId: 'undone', language: 'en', at: new Date(now) },
      { kind: 'reviews.given', userId: 'undone', language: 'en', at: new Date(now), count: -1 },
    ]);
  });

  it('answers the service identity with every language in order, counted from what is stored', async () => {
    const res = await figures();
    expect(res.statusCode).toBe(200);
    const body = res.json() as TextFigures;
    expect(body.languages).toEqual([
      { language: 'yo', sentencesStored: 5, sentencesApproved: 4, textPairsApproved: 2 },
      { language: 'en', sentencesStored: 3, sentencesApproved: 2, textPairsApproved: 2 },
      { language: 'ha', sentencesStored: 1, sentencesApproved: 1, textPairsApproved: 0 },
      { language: 'ig', sentencesStored: 1, sentencesApproved: 0, textPairsApproved: 0 },
      { language: 'pcm', sentencesStored: 0, sentencesApproved: 0, textPairsApproved: 0 },
    ]);
    expect(body.textPairsStored).toBe(3);
    // Writers, pair authors and reviewers of the last 30 days, each once.
    expect(body.activeContributors).toEqual(['ada', 'lately', 'r1', 'r2', 'tayo']);
  });

  it('follows new contributions on the next call', async () => {
    await write('newcomer', 'pcm', 'Wetin dey happen for market today?');
    const body = (await figures()).json() as TextFigures;
    expect(body.languages.find((l) => l.language === 'pcm')).toEqual({
      language: 'pcm',
      sentencesStored: 1,
      sentencesApproved: 0,
      textPairsApproved: 0,
    });
    expect(body.activeContributors).toContain('newcomer');
  });

  it('refuses a person (403) and a signed-out call (401)', async () => {
    const asPerson = await service.app.inject({
      method: 'GET',
      url: '/internal/public/text-figures',
      headers: person('ada'),
    });
    expect(asPerson.statusCode).toBe(403);
    const signedOut = await service.app.inject({ method: 'GET', url: '/internal/public/text-figures' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the active-contributor window', () => {
  it('starts on the day that was ACTIVE_CONTRIBUTOR_DAYS ago, counting that whole day', () => {
    expect(activeSince(new Date('2026-03-31T15:20:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(activeSince(new Date('2026-03-31T00:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
