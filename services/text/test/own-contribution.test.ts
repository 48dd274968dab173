import type { LightMyRequestResponse } from 'fastify';
import { ObjectId, type Db } from 'mongodb';
import type { DatasetUpload, Identity } from '@platform/contracts';
import { multipart, signedAs } from '@platform/service-kit/testing';
import { ACTIVITY_COLLECTION } from '@platform/service-kit';
import { decisions, judgements } from '../src/review/store';
import { sentences } from '../src/sentences/store';
import { textPairs } from '../src/text-pairs/store';
import { useTextService } from './support/harness';

/**
 * The review rule, for every review action the text service serves: nobody decides on their own
 * contribution, whatever their role. Each action is tried by the contribution's author and must answer 403
 * `review.own_item` and leave the item, the judgements, the decisions and the activity counts as they were.
 */
const who = (id: string, role: Identity['role']) => signedAs({ id, role, name: `Person ${id}` });
const ada = who('ada', 'contributor');
const rita = who('rita', 'reviewer');
const root = who('root', 'admin');

type Headers = Record<string, string>;
type Kind = 'sentence' | 'pair';

describe('text service: nobody decides on their own contribution', () => {
  const service = useTextService('own_contribution');
  const db = (): Db => service.app.database!.db;

  const write = async (headers: Headers, text: string) => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/sentences',
      headers,
      payload: { text, citation: 'Written by me.', domain: ['general'], lang: 'en', cc0Confirmed: true },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const addPair = async (headers: Headers, english: string, yoruba: string) => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/text/add',
      headers,
      payload: { source_lang_text: english, target_lang_text: yoruba, text_category: 'conversational' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ text_id: string }>().text_id;
  };
  /** Uploads a file and imports it into the review queue; the one row it holds is the item to judge. */
  const uploadAndImport = async (headers: Headers, kind: Kind, content: string) => {
    const body = multipart([
      { name: 'type', value: kind === 'sentence' ? 'csv' : 'json' },
      { name: 'description', value: 'My own file' },
      { name: 'file', filename: kind === 'sentence' ? 'mine.csv' : 'mine.json', data: Buffer.from(content) },
    ]);
    const uploaded = await service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const imported = await service.app.inject({
      method: 'POST',
      url: `/api/uploads/${uploaded.json<DatasetUpload>().id}/import`,
      headers,
    });
    expect(imported.json<DatasetUpload>().import).toMatchObject({ accepted: 1 });
  };
  const importedSentence = async (authorId: string, text: string) =>
    (await sentences(db()).findOne({ authorId, text }))!._id!.toHexString();
  const importedPair = async (authorId: string, english: string) =>
    (await textPairs(db()).findOne({ authorId, source_lang_text: english }))!._id!.toHexString();

  const verdict = (kind: Kind, verdictName: string) => (id: string, headers: Headers) =>
    service.app.inject({
      method: 'POST',
      url: `/api/review/${kind}/${id}`,
      headers,
      payload: { verdict: verdictName },
    });
  const decide = (kind: Kind, status: string) => (id: string, headers: Headers) =>
    service.app.inject({
      method: 'POST',
      url: `/api/review/${kind}/${id}/decision`,
      headers,
      payload: { status },
    });

  interface Case {
    action: string;
    kind: Kind;
    /** The author, who then tries the action. */
    author: Headers;
    contribute: () => Promise<string>;
    act: (id: string, headers: Headers) => Promise<LightMyRequestResponse>;
  }
  const cases: Case[] = [
    {
      action: 'sentence review: approve',
      kind: 'sentence',
      author: ada,
      contribute: () => write(ada, 'The river runs past our farm.'),
      act: verdict('sentence', 'approve'),
    },
    {
      action: 'sentence review: reject, by a reviewer',
      kind: 'sentence',
      author: rita,
      contribute: () => write(rita, 'The lamp is on the table.'),
      act: verdict('sentence', 'reject'),
    },
    {
      action: "sentence review: an admin's direct decision",
      kind: 'sentence',
      author: root,
      contribute: () => write(root, 'The goats sleep under the mango tree.'),
      act: decide('sentence', 'validated'),
    },
    {
      action: 'text-pair review: approve',
      kind: 'pair',
      author: ada,
      contribute: () => addPair(ada, 'Good evening', 'Ẹ káalẹ́'),
      act: verdict('pair', 'approve'),
    },
    {
      action: "text-pair review: an admin's direct decision",
      kind: 'pair',
      author: root,
      contribute: () => addPair(root, 'Welcome home', 'Ẹ káàbọ̀ sílé'),
      act: decide('pair', 'validated'),
    },
    {
      action: 'upload review: a sentence from the reviewer’s own upload',
      kind: 'sentence',
      author: rita,
      contribute: async () => {
        await uploadAndImport(
          rita,
          'sentence',
          'text,language,citation\nThe market opens early.,en,Notebook',
        );
        return importedSentence('rita', 'The market opens early.');
      },
      act: verdict('sentence', 'approve'),
    },
    {
      action: "upload review: an admin's decision on a pair from their own upload",
      kind: 'pair',
      author: root,
      contribute: async () => {
        await uploadAndImport(
          root,
          'pair',
          JSON.stringify([{ english: 'Good night', yoruba: 'Ó dàárọ̀', category: 'conversational' }]),
        );
        return importedPair('root', 'Good night');
      },
      act: decide('pair', 'validated'),
    },
  ];

  /** Everything a judgement or decision writes. */
  const snapshot = async (kind: Kind, id: string) => ({
    item:
      kind === 'sentence'
        ? await sentences(db()).findOne({ _id: new ObjectId(id) })
        : await textPairs(db()).findOne({ _id: new ObjectId(id) }),
    judgements: await judgements(db()).countDocuments(),
    decisions: await decisions(db()).countDocuments(),
    activity: await db()
      .collection(ACTIVITY_COLLECTION)
      .find({}, { sort: { _id: 1 } })
      .toArray(),
  });

  it.each(cases)(
    '$action: 403 review.own_item, nothing changes',
    async ({ kind, author, contribute, act }) => {
      const id = await contribute();
      const before = await snapshot(kind, id);
      expect(before.item).toMatchObject({ status: 'pending' });
      const res = await act(id, author);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Forbidden',
        code: 'review.own_item',
        message: 'You cannot review your own contribution.',
        statusCode: 403,
      });
      expect(await snapshot(kind, id)).toEqual(before);
      // Someone else may: the refusal is about the author, not the item.
      const other = author === root ? who('root2', 'admin') : rita === author ? ada : rita;
      expect((await act(id, other)).statusCode).toBe(200);
    },
  );
});
