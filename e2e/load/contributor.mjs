// @ts-check
// One simulated contributor's session after signing in: turn after turn, Speak (a round of sentences, one
// take uploaded per turn), Listen (a batch of other people's clips, each played and voted on), Write (one
// sentence) and the dataset listing, until the run's deadline (no step starts after it; calls under way
// finish) or its turn budget. Every write the platform
// acknowledged goes into the run's ledger, which is checked against the database afterwards.
import { contracts } from './contracts.mjs';

/** @typedef {import('./http.mjs').PersonClient} PersonClient */
/**
 * What the platform acknowledged: recordings (201), votes (200) and written sentences (201), by their ids.
 * @typedef {{ recordings: Array<{ id: string, speakerId: string }>, votes: Array<{ recordingId: string, voterId: string }>, sentences: Array<{ id: string, authorId: string }> }} Ledger
 */

/** Clips judged per Listen turn. */
const LISTEN_BATCH = 3;

/**
 * Letters for a number (a, b, ... z, ba, bb ...): written sentences may hold no digits.
 * @param {number} n
 */
export function letters(n) {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** @param {number} ms */
const pause = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * @param {object} options
 * @param {PersonClient} options.client signed in
 * @param {string} options.userId
 * @param {string} options.language the Speak language saved for this person
 * @param {string} options.runTag letters naming the run, in every sentence it writes
 * @param {number} options.index this contributor's number in the run
 * @param {Buffer} options.audio the take uploaded for every sentence (WebM/Opus)
 * @param {{ type: string, name: string }} options.audioFile
 * @param {number} options.deadline Date.now() after which no new step starts
 * @param {number} options.maxTurns
 * @param {number} options.thinkMs pause between steps
 * @param {Ledger} options.ledger
 * @returns {Promise<{ turns: number, emptyRounds: number, emptyBatches: number }>}
 */
export async function contribute({
  client,
  userId,
  language,
  runTag,
  index,
  audio,
  audioFile,
  deadline,
  maxTurns,
  thinkMs,
  ledger,
}) {
  const c = contracts;
  /** @type {Array<{ id: string }>} */
  let round = [];
  let turns = 0;
  let emptyRounds = 0;
  let emptyBatches = 0;
  while (turns < maxTurns && Date.now() < deadline) {
    turns += 1;

    // Speak
    if (round.length === 0) {
      const answer = await client.call(c.getSentenceRound, { query: { lang: language } });
      round = answer.outcome === 'ok' ? [...answer.body] : [];
      if (answer.outcome === 'ok' && round.length === 0) emptyRounds += 1;
    }
    const sentence = round.shift();
    if (sentence) {
      const form = new FormData();
      // The sentence first: the service refuses an unknown one before storing any audio.
      form.append('sentenceId', sentence.id);
      form.append(
        c.RECORDING_FILE_FIELD,
        new Blob([new Uint8Array(audio)], { type: audioFile.type }),
        audioFile.name,
      );
      const upload = await client.call(c.postRecording, { form });
      if (upload.status === 201) ledger.recordings.push({ id: upload.body.id, speakerId: userId });
    }
    await pause(thinkMs);
    if (Date.now() >= deadline) break;

    // Listen
    const batch = await client.call(c.getRecordingsToValidate, { query: { count: LISTEN_BATCH } });
    const clips =
      batch.outcome === 'ok' ? /** @type {Array<{ id: string, audioUrl: string }>} */ (batch.body) : [];
    if (batch.outcome === 'ok' && clips.length === 0) emptyBatches += 1;
    for (const clip of clips) {
      if (Date.now() >= deadline) break;
      await client.call(c.getAudioFile, { path: clip.audioUrl });
      const vote = await client.call(c.postRecordingVote, {
        params: { id: clip.id },
        json: { isValid: (index + turns) % 4 !== 0 },
      });
      if (vote.status === 200) ledger.votes.push({ recordingId: clip.id, voterId: userId });
    }
    await pause(thinkMs);
    if (Date.now() >= deadline) break;

    // Write
    const written = await client.call(c.postSentence, {
      json: {
        text: `Load run ${runTag} person ${letters(index)} wrote line ${letters(turns)} today.`,
        citation: 'Load run',
        domain: ['general'],
        lang: 'en',
        cc0Confirmed: true,
      },
    });
    if (written.status === 201) ledger.sentences.push({ id: written.body.id, authorId: userId });
    await pause(thinkMs);
    if (Date.now() >= deadline) break;

    // Datasets
    await client.call(c.getDatasets, { query: { page: 1 } });
    await pause(thinkMs);
  }
  return { turns, emptyRounds, emptyBatches };
}
