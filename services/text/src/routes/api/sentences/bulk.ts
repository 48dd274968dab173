import multipart from '@fastify/multipart';
import {
  CITATION_MAX_LENGTH,
  IDEMPOTENCY_KEY_HEADER,
  isLanguageCode,
  postSentenceBulk,
  SENTENCE_DOMAINS,
  type SentenceDomain,
} from '@platform/contracts';
import { HttpError, readMultipart, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { readSentenceFile, sentenceFileKind } from '../../../sentences/sentence-file';
import { checkMeta, takeInLines, type SubmittedLine } from '../../../sentences/write-sentences';

const invalid = (message: string) => new HttpError(400, 'validation.failed', message);

/** `domain` is the chosen domains joined by commas; each must be one of SENTENCE_DOMAINS. */
function parseDomains(value: string | undefined): SentenceDomain[] {
  const names = (value ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(SENTENCE_DOMAINS as readonly string[]).includes(name)) throw invalid(`Unknown domain '${name}'.`);
  }
  return [...new Set(names)] as SentenceDomain[];
}

/**
 * POST /api/sentences/bulk (multipart: `citation`, `domain`, `lang`, `cc0Confirmed` and the `file`, in any
 * order). The file is decoded and split as it streams; its lines are then checked like a batch's.
 */
export default routeModule<TextContext>([postSentenceBulk], async (app, { stores }) => {
  // Multipart parsing is registered for this route's scope only.
  await app.register(multipart);
  serveRoute(app, postSentenceBulk, async (request, reply) => {
    let lines: SubmittedLine[] | null = null;
    const fields = await readMultipart(request, postSentenceBulk, {
      file: async (_name, stream, { filename }) => {
        const kind = sentenceFileKind(filename);
        if (!kind) {
          stream.resume();
          throw new HttpError(415, 'sentence.file_type');
        }
        lines = await readSentenceFile(stream, kind);
      },
    });
    if (!lines) throw new HttpError(400, 'sentence.file_missing');
    const lang = fields.lang;
    if (!isLanguageCode(lang))
      throw invalid(lang ? `Unknown language '${lang}'.` : 'Choose the language (lang).');
    const citation = fields.citation ?? '';
    if (citation.length > CITATION_MAX_LENGTH) throw invalid('The citation is too long.');
    const meta = {
      language: lang,
      citation,
      domains: parseDomains(fields.domain),
      cc0Confirmed: fields.cc0Confirmed === 'true',
    };
    checkMeta(meta);
    const outcome = await takeInLines(
      stores.sentences,
      meta,
      request.identity.id,
      lines,
      request.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined,
    );
    return reply.code(201).send(outcome);
  });
});
