import {
  DEFAULT_ROUND_SIZE,
  ErrorBody,
  MarkReply,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  RECORDING_MESSAGES as M,
  SentenceIdParams,
  SentenceReportBody,
  SentenceRound,
  SentenceRoundQuery,
} from '@platform/contracts';
import { databaseOf, HttpError, requireIdentity, type ServiceApp } from '@platform/service-kit';
import { collections, type SentenceMarkDoc } from '../collections';
import { ignoreDuplicateKey } from '../duplicate-key';
import { rememberedLanguage } from '../user/preferences';
import { pickRound } from './round';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Speak: the round of sentences to record, and a person's skips and reports. */
export async function sentenceRoutes(app: ServiceApp) {
  const col = () => collections(databaseOf(app));

  const findSentence = async (id: string) => {
    const sentence = await col().sentences.findOne({ _id: id });
    if (!sentence) throw new HttpError(404, M.unknownSentence);
    return sentence;
  };

  app.get(
    '/api/sentences',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['sentences'],
        querystring: SentenceRoundQuery,
        response: { 200: SentenceRound, ...errors },
      },
    },
    async (request) => {
      const userId = request.identity!.id;
      const c = col();
      // A read only: the Speak screen saves a language the person picks with PUT /api/user/preferences.
      const language = request.query.lang ?? (await rememberedLanguage(c, userId));
      return pickRound(c, { userId, language, count: request.query.count ?? DEFAULT_ROUND_SIZE });
    },
  );

  const mark = async (
    userId: string,
    sentenceId: string,
    kind: SentenceMarkDoc['kind'],
    extra: Partial<SentenceMarkDoc> = {},
  ) => {
    const sentence = await findSentence(sentenceId);
    await col()
      .sentenceMarks.updateOne(
        { userId, sentenceId, kind },
        { $setOnInsert: { language: sentence.language, createdAt: new Date(), ...extra } },
        { upsert: true },
      )
      .catch(ignoreDuplicateKey);
  };

  app.post(
    '/api/sentences/:id/skip',
    {
      preHandler: requireIdentity,
      schema: { tags: ['sentences'], params: SentenceIdParams, response: { 200: MarkReply, ...errors } },
    },
    async (request) => {
      await mark(request.identity!.id, request.params.id, 'skipped');
      return { id: request.params.id, ok: true as const };
    },
  );

  app.post(
    '/api/sentences/:id/report',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['sentences'],
        params: SentenceIdParams,
        body: SentenceReportBody,
        response: { 200: MarkReply, ...errors },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const details = request.body.details?.trim();
      if (reason === 'other' && !details) throw new HttpError(400, REPORT_DETAILS_REQUIRED_MESSAGE);
      // flagPending: the sync loop passes the report on to the text service, which owns the sentence.
      await mark(request.identity!.id, request.params.id, 'reported', {
        reason,
        flagPending: true,
        ...(details ? { details } : {}),
      });
      return { id: request.params.id, ok: true as const };
    },
  );
}
