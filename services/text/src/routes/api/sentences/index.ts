import {
  IDEMPOTENCY_KEY_HEADER,
  postSentence,
  postSentenceBatch,
  SENTENCE_BATCH_MAX,
  type SentenceWritten,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { checkSentence } from '../../../rules/sentence-rules';
import { checkMeta, normaliseCitation, takeInLines } from '../../../sentences/write-sentences';

/** POST /api/sentences and POST /api/sentences/batch: sentences typed on the Write screen. */
export default routeModule<TextContext>([postSentence, postSentenceBatch], (app, { stores }) => {
  serveRoute(app, postSentence, async (request, reply) => {
    const body = request.body;
    const meta = {
      language: body.lang,
      citation: body.citation,
      domains: body.domain,
      cc0Confirmed: body.cc0Confirmed,
    };
    if (!body.text.trim()) throw new HttpError(400, 'sentence.empty');
    checkMeta(meta);
    const verdict = checkSentence(body.text, body.lang);
    if (verdict.code) throw new HttpError(400, verdict.code);
    const submission = request.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined;
    // The unique (language, key) index is the duplicate check: one write, no look-up first.
    const [stored] = await stores.sentences.storeWritten([
      {
        text: verdict.text,
        key: verdict.key,
        language: body.lang,
        citation: normaliseCitation(body.citation),
        domains: [...new Set(body.domain)],
        // The person in the signed identity: a body cannot name someone else.
        authorId: request.identity.id,
        ...(submission ? { submission } : {}),
      },
    ]);
    // Not stored now: unless an earlier try of this very request stored it and died before answering.
    const id =
      stored ??
      (submission
        ? await stores.sentences.submittedSentenceId(body.lang, verdict.key, request.identity.id, submission)
        : null);
    if (!id) throw new HttpError(409, 'sentence.duplicate');
    const written: SentenceWritten = {
      id: id.toHexString(),
      text: verdict.text,
      language: body.lang,
      status: 'pending',
    };
    return reply.code(201).send(written);
  });

  serveRoute(app, postSentenceBatch, async (request, reply) => {
    const body = request.body;
    const lines = body.sentences
      .map((text, i) => ({ line: i + 1, text }))
      .filter((l) => l.text.trim() !== '');
    if (lines.length === 0) throw new HttpError(400, 'sentence.batch_empty');
    if (lines.length > SENTENCE_BATCH_MAX) throw new HttpError(400, 'sentence.batch_too_many');
    const meta = {
      language: body.lang,
      citation: body.citation,
      domains: body.domain,
      cc0Confirmed: body.cc0Confirmed,
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
