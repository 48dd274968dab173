import { ObjectId } from 'mongodb';
import type { Identity, LanguageCode, SentenceDomain } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { sentences } from '../../src/sentences/store';
import type { ReviewableSentenceDoc } from '../../src/review/store';

export const SECRET = 'text-review-secret';
export const speechService: Identity = { id: 'service-speech', role: 'service', name: 'speech service' };
export const person = (id: string) => signedAs({ id, role: 'contributor', name: `Person ${id}` });
export const admin = (id: string) => signedAs({ id, role: 'admin', name: `Admin ${id}` });
export const speech = signedAs(speechService);

let counter = 0;

/** A written sentence waiting for review, stored the way Write stores one (with its change sequence). */
export async function addPendingSentence(
  app: ServiceApp,
  authorId: string,
  options: { language?: LanguageCode; text?: string; createdAt?: Date; domains?: SentenceDomain[] } = {},
): Promise<string> {
  counter += 1;
  const _id = new ObjectId();
  const text = options.text ?? `Written sentence number ${counter} ${Math.random().toString(36).slice(2)}.`;
  await app.sequenceWriter.withSequence(1, async (seq) => {
    const doc: ReviewableSentenceDoc = {
      _id,
      text,
      key: text
        .normalize('NFC')
        .toLowerCase()
        .replace(/[\p{P}\s]+/gu, ''),
      language: options.language ?? 'en',
      citation: 'Written for the tests.',
      license: 'CC0-1.0',
      source: 'write',
      status: 'pending',
      createdAt: options.createdAt ?? new Date(),
      seq,
      authorId,
      domains: options.domains ?? ['general'],
      approvals: 0,
      rejections: 0,
    };
    await sentences(app.database!.db).insertOne(doc);
  });
  return _id.toHexString();
}

/** Waits until the service has created its indexes (the unique ones matter to these tests). */
export async function indexesReady(app: ServiceApp) {
  for (let i = 0; i < 1200 && !app.database!.indexesReady(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!app.database!.indexesReady()) throw new Error('indexes were not created');
}
