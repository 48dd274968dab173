import type { Readable } from 'node:stream';
import {
  CITATION_MAX_LENGTH,
  DOMAIN_MAX_LENGTH,
  isLanguageCode,
  postSentenceBulk,
  SENTENCE_BULK_FILE_FIELD,
  SENTENCE_BULK_FILE_MAX_BYTES,
  SENTENCE_DOMAINS,
  type SentenceDomain,
} from '@platform/contracts';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { databaseOf, discardRestOfUpload, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { readSentenceFile, sentenceFileKind } from '../../../sentences/sentence-file';
import { checkMeta, takeInLines, type SubmittedLine } from '../../../sentences/write-sentences';

const FIELDS = ['citation', 'domain', 'lang', 'cc0Confirmed'] as const;
type FieldName = (typeof FIELDS)[number];
const isFieldName = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** The multipart limits of one upload: the file, the four fields, nothing else. */
const LIMITS = {
  fileSize: SENTENCE_BULK_FILE_MAX_BYTES,
  files: 1,
  fields: FIELDS.length,
  parts: FIELDS.length + 1,
  fieldSize: Math.max(CITATION_MAX_LENGTH, DOMAIN_MAX_LENGTH) * 4,
};

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
export default routeModule<TextContext>([postSentenceBulk], async (app) => {
  // Multipart parsing is registered for this route's scope only.
  await app.register(multipart);
  serveRoute(app, postSentenceBulk, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, 'request.unsupported_media_type');
    const fields: Partial<Record<FieldName, string>> = {};
    let lines: SubmittedLine[] | null = null;
    try {
      for await (const part of request.parts({ limits: LIMITS })) {
        if (part.type === 'field') {
          if (!isFieldName(part.fieldname)) throw invalid(`Unknown field '${part.fieldname}'.`);
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname !== SENTENCE_BULK_FILE_FIELD) {
          file.file.resume();
          throw invalid(
            `Unknown file field '${file.fieldname}'; send the file as '${SENTENCE_BULK_FILE_FIELD}'.`,
          );
        }
        const kind = sentenceFileKind(file.filename);
        if (!kind) {
          file.file.resume();
          throw new HttpError(415, 'sentence.file_type');
        }
        lines = await readSentenceFile(file.file as Readable, kind);
        if (file.file.truncated) throw new HttpError(413, 'sentence.file_too_large');
      }
    } catch (err) {
      discardRestOfUpload(request.raw, 2 * SENTENCE_BULK_FILE_MAX_BYTES);
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'sentence.file_too_large');
      if (code === 'FST_FILES_LIMIT') throw invalid('Send one file at a time.');
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
        throw invalid('The upload has too many fields.');
      if (code === 'FST_FIELD_SIZE_LIMIT' || code === 'FST_FIELD_TOO_LARGE')
        throw invalid('A field is too long.');
      throw err;
    }
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
    const outcome = await takeInLines(databaseOf(app), app.sequenceWriter, meta, request.identity.id, lines);
    return reply.code(201).send(outcome);
  });
});
