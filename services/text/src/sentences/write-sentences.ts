import {
  outcomeOf,
  SENTENCE_DOMAINS_MAX,
  type ErrorCode,
  type LanguageCode,
  type SentenceDomain,
  type SentenceLineOutcome,
  type SentenceLinesReply,
} from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { checkSentence } from '../rules/sentence-rules';
import type { SentenceStore } from './store';

/** What comes with every written sentence, single, batch or file. */
export interface SubmissionMeta {
  language: LanguageCode;
  citation: string;
  domains: readonly SentenceDomain[];
  cc0Confirmed: boolean;
}

/** The citation as stored: NFC, whitespace collapsed. */
export const normaliseCitation = (citation: string) => citation.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** Refuses (400) a submission without a citation, with more than three domains, or without the CC0 promise. */
export function checkMeta(meta: SubmissionMeta): void {
  if (!normaliseCitation(meta.citation)) throw new HttpError(400, 'sentence.citation_required');
  if (new Set(meta.domains).size > SENTENCE_DOMAINS_MAX)
    throw new HttpError(400, 'sentence.too_many_domains');
  if (!meta.cc0Confirmed) throw new HttpError(400, 'sentence.cc0_unconfirmed');
}

/** One non-blank line of a batch or a file, with its 1-based line number. */
export interface SubmittedLine {
  line: number;
  text: string;
}

/** Lines checked, looked up and stored at a time: a large file never has all its documents in memory. */
const LINE_CHUNK = 5000;

/**
 * Checks every line (the rules, then repeats within the submission, then sentences already stored) and
 * stores the good ones as pending sentences of `authorId`, a chunk of lines at a time. Answers each line's
 * outcome; when no line can be taken in, nothing is stored and the outcomes come back as a 422
 * `sentence.none_accepted` (a line is stored only once it is known to be acceptable, so a submission with
 * nothing acceptable never stores anything). `submission`, the request's Idempotency-Key, is kept with each
 * line stored, so a retry of a request that died after storing lines answers as that request would have.
 */
export async function takeInLines(
  store: Pick<SentenceStore, 'storedKeys' | 'storeWritten' | 'keysOfSubmission'>,
  meta: SubmissionMeta,
  authorId: string,
  lines: readonly SubmittedLine[],
  submission?: string,
): Promise<SentenceLinesReply> {
  const outcomes: SentenceLineOutcome[] = [];
  const seen = new Set<string>();
  const citation = normaliseCitation(meta.citation);
  const domains = [...new Set(meta.domains)];
  let accepted = 0;
  for (let from = 0; from < lines.length; from += LINE_CHUNK) {
    // A chunk whose lines are all refused has nothing to look up: without this turn, a file of refused
    // lines would be checked in one go while every other request waits.
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const candidates: Array<{ outcome: SentenceLineOutcome; key: string }> = [];
    for (const { line, text: raw } of lines.slice(from, from + LINE_CHUNK)) {
      const verdict = checkSentence(raw, meta.language);
      let code: ErrorCode | undefined = verdict.code;
      if (!code && seen.has(verdict.key)) code = 'sentence.repeated';
      const outcome: SentenceLineOutcome = {
        line,
        text: verdict.text,
        accepted: !code,
        ...(code ? outcomeOf(code) : {}),
      };
      outcomes.push(outcome);
      if (!code) {
        seen.add(verdict.key);
        candidates.push({ outcome, key: verdict.key });
      }
    }
    if (candidates.length === 0) continue;
    const stored = await store.storedKeys(
      meta.language,
      candidates.map((c) => c.key),
    );
    // Stored by an earlier try of this very request (it died before answering): taken in, as that try
    // would have said.
    const ours =
      submission && stored.size > 0
        ? await store.keysOfSubmission(meta.language, [...stored], authorId, submission)
        : new Set<string>();
    const fresh = candidates.filter((c) => {
      if (ours.has(c.key)) accepted += 1;
      else if (stored.has(c.key)) refuse(c.outcome, 'sentence.duplicate');
      return !stored.has(c.key);
    });
    const ids = await store.storeWritten(
      fresh.map(({ outcome, key }) => ({
        text: outcome.text,
        key,
        language: meta.language,
        citation,
        domains,
        authorId,
        ...(submission ? { submission } : {}),
      })),
    );
    // Null: someone stored the same sentence between the look-up and the insert.
    ids.forEach((id, i) => {
      if (id === null) refuse(fresh[i]!.outcome, 'sentence.duplicate');
      else accepted += 1;
    });
  }
  const reply = { accepted, refused: outcomes.length - accepted, lines: outcomes };
  if (accepted === 0) throw new HttpError(422, 'sentence.none_accepted', undefined, reply);
  return reply;
}

function refuse(outcome: SentenceLineOutcome, code: ErrorCode) {
  outcome.accepted = false;
  Object.assign(outcome, outcomeOf(code));
}
