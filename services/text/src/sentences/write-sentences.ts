import type { Db } from 'mongodb';
import {
  SENTENCE_DOMAINS_MAX,
  type LanguageCode,
  type SentenceDomain,
  type SentenceLineOutcome,
  type SentenceLinesReply,
} from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { checkSentence } from '../rules/sentence-rules';
import { storedKeys, storeWrittenSentences, type SequenceWriter } from './sentence-store';

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

/**
 * Checks every line (the rules, then repeats within the submission, then sentences already stored) and
 * stores the good ones as pending sentences of `authorId`. Answers each line's outcome; when no line can be
 * taken in, nothing is stored and the outcomes come back as a 422 `sentence.none_accepted`.
 */
export async function takeInLines(
  db: Db,
  writer: SequenceWriter,
  meta: SubmissionMeta,
  authorId: string,
  lines: readonly SubmittedLine[],
): Promise<SentenceLinesReply> {
  const outcomes: SentenceLineOutcome[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const { line, text: raw } of lines) {
    const verdict = checkSentence(raw, meta.language);
    let code: string | undefined = verdict.code;
    if (!code && seen.has(verdict.key)) code = 'sentence.repeated';
    if (!code) seen.add(verdict.key);
    outcomes.push({ line, text: verdict.text, accepted: !code, ...(code ? { code } : {}) });
    keys.push(verdict.key);
  }
  const candidates = () => outcomes.map((o, i) => ({ o, key: keys[i]! })).filter(({ o }) => o.accepted);
  const stored = await storedKeys(
    db,
    meta.language,
    candidates().map((c) => c.key),
  );
  for (const { o, key } of candidates()) {
    if (stored.has(key)) refuse(o, 'sentence.duplicate');
  }
  const fresh = candidates();
  if (fresh.length > 0) {
    const citation = normaliseCitation(meta.citation);
    const domains = [...new Set(meta.domains)];
    const ids = await storeWrittenSentences(
      db,
      writer,
      fresh.map(({ o, key }) => ({
        text: o.text,
        key,
        language: meta.language,
        citation,
        domains,
        authorId,
      })),
    );
    // Null: someone stored the same sentence between the look-up and the insert.
    ids.forEach((id, i) => {
      if (id === null) refuse(fresh[i]!.o, 'sentence.duplicate');
    });
  }
  const accepted = outcomes.filter((o) => o.accepted).length;
  const reply = { accepted, refused: outcomes.length - accepted, lines: outcomes };
  if (accepted === 0) throw new HttpError(422, 'sentence.none_accepted', undefined, reply);
  return reply;
}

function refuse(outcome: SentenceLineOutcome, code: string) {
  outcome.accepted = false;
  outcome.code = code;
}
