// Paired voice donations, as the Donate and View Audio Pairs tests need them: an approved text pair made the
// way people make one (added, then approved by two reviewers through the review API), the donor's queue
// brought to that pair (other pairs skipped, as pressing Skip would), and a donation sent through the API
// the way the Donate screen sends it.
import fs from 'node:fs';
import type {
  AudioPairPage,
  AudioPairRecord,
  Dialect,
  DonateNextReply,
  TextPairAddReply,
  TextCategory,
} from '@platform/contracts';
import { asPerson } from './people';
import type { Person } from './people';

export interface PairText {
  source_lang_text: string;
  target_lang_text: string;
  text_category: TextCategory;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Adds `text` as `author` and has each of `reviewers` approve it; resolves with its text_id. */
export async function approvedTextPair(author: Person, reviewers: Person[], text: PairText): Promise<string> {
  const added = await asPerson(author, '/api/text/add', json(text));
  if (added.status !== 201)
    throw new Error(`adding "${text.source_lang_text}": ${added.status} ${await added.text()}`);
  const { text_id } = (await added.json()) as TextPairAddReply;
  for (const reviewer of reviewers) {
    const res = await asPerson(reviewer, `/api/review/pair/${text_id}`, json({ verdict: 'approve' }));
    if (res.status !== 200)
      throw new Error(`${reviewer.firstname} approving ${text_id}: ${res.status} ${await res.text()}`);
  }
  return text_id;
}

/**
 * Skips, as `donor`, every pair Donate offers before one of `wanted` (text_ids), waiting while the speech
 * service has not yet copied them from the text service's change feed. Resolves with the one offered.
 */
export async function offerOneOf(donor: Person, wanted: string[], timeoutMs = 45_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await asPerson(donor, '/api/audio/next');
    if (res.status !== 200) throw new Error(`GET /api/audio/next: ${res.status} ${await res.text()}`);
    const { pair } = (await res.json()) as DonateNextReply;
    if (pair && wanted.includes(pair.text_id)) return pair.text_id;
    if (pair) {
      const skip = await asPerson(donor, `/api/audio/pairs/${pair.text_id}/skip`, { method: 'POST' });
      if (skip.status !== 200)
        throw new Error(`skipping ${pair.text_id}: ${skip.status} ${await skip.text()}`);
      continue;
    }
    // Nothing (yet): the approved pairs reach the speech service through its sync.
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${donor.firstname} was not offered any of ${wanted.join(', ')} on Donate`);
}

/** A donation through the API, as the Donate screen sends it: both WAVs, the text pair and the dialect. */
export async function donateByApi(
  donor: Person,
  textId: string,
  dialect: Dialect,
  wavFile: string,
): Promise<AudioPairRecord> {
  const wav = new Blob([fs.readFileSync(wavFile)], { type: 'audio/wav' });
  const form = new FormData();
  form.set('text_id', textId);
  form.set('user_dialect', dialect);
  form.set('source_audio_file', wav, 'english.wav');
  form.set('target_audio_file', wav, 'yoruba.wav');
  const res = await asPerson(donor, '/api/audio/upload', { method: 'POST', body: form });
  if (res.status !== 201)
    throw new Error(`donation by ${donor.firstname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as AudioPairRecord;
}

/** The audio pairs `person` is shown (their own, or every one for reviewers and admins). */
export async function listedPairs(person: Person, query = ''): Promise<AudioPairPage> {
  const res = await asPerson(person, `/api/audio/all${query ? `?${query}` : ''}`);
  if (res.status !== 200) throw new Error(`GET /api/audio/all as ${person.firstname}: ${res.status}`);
  return (await res.json()) as AudioPairPage;
}
