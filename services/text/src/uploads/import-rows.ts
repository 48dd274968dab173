import {
  isLanguageCode,
  outcomeOf,
  SENTENCE_DOMAINS,
  SENTENCE_DOMAINS_MAX,
  TEXT_CATEGORIES,
  type DatasetUploadImportKind,
  type ErrorCode,
  type LanguageCode,
  type Refusal,
  type SentenceDomain,
  type SentenceLinesReply,
  type TextCategory,
} from '@platform/contracts';
import { isHttpError } from '@platform/service-kit';
import type { SentenceStore } from '../sentences/store';
import { normaliseCitation, takeInLines, type SubmittedLine } from '../sentences/write-sentences';
import { checkPair, pendingPair } from '../text-pairs/pair-check';
import type { PairStore, TextPairDoc } from '../text-pairs/store';
import type { UploadRow } from './read-rows';

/** A row the import refused, with its reason as an error body gives it. */
export interface RefusedRow extends Refusal {
  row: number;
}

export interface ImportOutcome {
  rows: number;
  accepted: number;
  refused: RefusedRow[];
}

/** Where imported rows go: the stores Write and Add Text Pair use. */
export interface ImportStores {
  sentences: SentenceStore;
  pairs: PairStore;
}

const refusal = (row: number, code: ErrorCode, message?: string): RefusedRow => ({
  row,
  ...outcomeOf(code, message),
});

/** A row's domains: separated by commas, semicolons or bars; each one of SENTENCE_DOMAINS. */
function rowDomains(value: string | undefined): SentenceDomain[] | RefusedRow['message'] {
  const names = [
    ...new Set(
      (value ?? '')
        .split(/[,;|]/u)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  for (const name of names) {
    if (!(SENTENCE_DOMAINS as readonly string[]).includes(name)) return `Unknown domain '${name}'.`;
  }
  return names as SentenceDomain[];
}

/**
 * Sentences, as bulk Write takes them in: the rows are grouped by language, citation and domains (what a
 * Write submission shares) and each group goes through Write's own takeInLines (the sentence rules,
 * repeats, sentences already stored, pending review). Rows without a known language, a citation or known
 * domains are refused first, with the codes Write gives.
 */
async function importSentences(
  store: SentenceStore,
  rows: readonly UploadRow[],
  authorId: string,
): Promise<ImportOutcome> {
  const refused: RefusedRow[] = [];
  const groups = new Map<
    string,
    { language: LanguageCode; citation: string; domains: SentenceDomain[]; lines: SubmittedLine[] }
  >();
  for (const { row, values } of rows) {
    if (!values) {
      refused.push(refusal(row, 'validation.failed', 'This row is not an object with named values.'));
      continue;
    }
    const language = (values.language ?? '').trim().toLowerCase();
    if (!isLanguageCode(language)) {
      refused.push(
        refusal(
          row,
          'validation.failed',
          language ? `Unknown language '${language}'.` : 'The row has no language.',
        ),
      );
      continue;
    }
    const citation = normaliseCitation(values.citation ?? '');
    if (!citation) {
      refused.push(refusal(row, 'sentence.citation_required'));
      continue;
    }
    const domains = rowDomains(values.domain);
    if (typeof domains === 'string') {
      refused.push(refusal(row, 'validation.failed', domains));
      continue;
    }
    if (domains.length > SENTENCE_DOMAINS_MAX) {
      refused.push(refusal(row, 'sentence.too_many_domains'));
      continue;
    }
    const groupKey = [language, citation, [...domains].sort().join(',')].join('\u0000');
    let group = groups.get(groupKey);
    if (!group) {
      group = { language, citation, domains, lines: [] };
      groups.set(groupKey, group);
    }
    group.lines.push({ line: row, text: values.text ?? '' });
  }
  let accepted = 0;
  for (const group of groups.values()) {
    let reply: SentenceLinesReply;
    try {
      reply = await takeInLines(
        store,
        // Importing is the uploader's statement that the file is shared under CC0 (the page says so).
        { language: group.language, citation: group.citation, domains: group.domains, cc0Confirmed: true },
        authorId,
        group.lines,
      );
    } catch (err) {
      // Nothing of this group could be taken in: Write answers its outcomes with a 422.
      if (!isHttpError(err) || err.code !== 'sentence.none_accepted' || !err.details) throw err;
      reply = err.details as unknown as SentenceLinesReply;
    }
    accepted += reply.accepted;
    for (const line of reply.lines) {
      if (!line.accepted) refused.push(refusal(line.line, line.code ?? 'validation.failed', line.message));
    }
  }
  return { rows: rows.length, accepted, refused };
}

/** A row's category: `category` or `text_category`, one of TEXT_CATEGORIES. */
const rowCategory = (values: Record<string, string>): TextCategory | null => {
  const name = (values.category ?? values.text_category ?? '').trim().toLowerCase();
  return (TEXT_CATEGORIES as readonly string[]).includes(name) ? (name as TextCategory) : null;
};

/**
 * English–Yoruba pairs, as Add Text Pair takes them in: its rules (checkPair), one copy of a pair (within
 * the file, then against the stored pairs and the unique key), pending review.
 */
async function importPairs(
  store: PairStore,
  rows: readonly UploadRow[],
  authorId: string,
): Promise<ImportOutcome> {
  const refused: RefusedRow[] = [];
  const candidates: Array<{ row: number; doc: Omit<TextPairDoc, 'seq'> }> = [];
  const seen = new Set<string>();
  const now = new Date();
  for (const { row, values } of rows) {
    if (!values) {
      refused.push(refusal(row, 'validation.failed', 'This row is not an object with named values.'));
      continue;
    }
    const checked = checkPair(
      values.english ?? values.source_lang_text ?? '',
      values.yoruba ?? values.target_lang_text ?? '',
    );
    if ('code' in checked) {
      refused.push(refusal(row, checked.code));
      continue;
    }
    const category = rowCategory(values);
    if (!category) {
      refused.push(refusal(row, 'validation.failed', `Choose a category: ${TEXT_CATEGORIES.join(', ')}.`));
      continue;
    }
    if (seen.has(checked.key)) {
      refused.push(refusal(row, 'text_pair.duplicate'));
      continue;
    }
    seen.add(checked.key);
    candidates.push({ row, doc: pendingPair(checked, category, authorId, now) });
  }
  const stored = await store.storedKeys(candidates.map((c) => c.doc.key));
  const fresh = candidates.filter((c) => {
    if (stored.has(c.doc.key)) refused.push(refusal(c.row, 'text_pair.duplicate'));
    return !stored.has(c.doc.key);
  });
  const inserted = await store.insertPending(fresh.map((c) => c.doc));
  let accepted = 0;
  inserted.forEach((ok, i) => {
    if (ok) accepted += 1;
    else refused.push(refusal(fresh[i]!.row, 'text_pair.duplicate'));
  });
  return { rows: rows.length, accepted, refused };
}

/** Imports the rows into the review queue, as `authorId`: per-row outcomes, refusals in row order. */
export async function importRows(
  stores: ImportStores,
  kind: DatasetUploadImportKind,
  rows: readonly UploadRow[],
  authorId: string,
): Promise<ImportOutcome> {
  const outcome =
    kind === 'sentences'
      ? await importSentences(stores.sentences, rows, authorId)
      : await importPairs(stores.pairs, rows, authorId);
  outcome.refused.sort((a, b) => a.row - b.row);
  return outcome;
}
