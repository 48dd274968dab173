import { ObjectId } from 'mongodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  SERVICE_IDENTITIES,
  type Identity,
  type ProjectDetail,
  type Task,
} from '@platform/contracts';
import { findMentions, multipart, signedAs } from '@platform/service-kit/testing';
import { sentences } from '../src/sentences/store';
import { textPairs } from '../src/text-pairs/store';
import { DATASET_FILES_BUCKET } from '../src/uploads/store';
import { workspaceService } from './workspace-support';

const h = workspaceService('erase');

/** The person who leaves: an account id as the gateway makes them, a name found nowhere else. */
const leaver: Identity = { id: new ObjectId().toHexString(), role: 'admin', name: 'Zebedee Quartermaine' };
const other: Identity = { id: new ObjectId().toHexString(), role: 'manager', name: 'Olu Other' };
const pseudonym = new ObjectId().toHexString();
const gateway = signedAs(SERVICE_IDENTITIES.gateway);
const speech = signedAs(SERVICE_IDENTITIES.speech);
const as = (who: Identity) => signedAs(who);

/**
 * Every collection of the text database, as this test knows them. A collection that is not listed fails the
 * test: whoever adds one says here whether it can name a person (then the seeding below puts the leaver in it).
 */
const NAMING_PEOPLE = [
  'sentences',
  'sentence_flags',
  'text_pairs',
  'text_pair_flags',
  'review_judgements',
  'review_decisions',
  'dataset_uploads',
  'dataset_files.files',
  'dataset_files.chunks',
  'projects',
  'tasks',
  'notifications',
  'activity_daily',
  'activity_monthly',
  'activity_totals',
  'activity_people_daily',
  'idempotency_keys',
];
const NAMING_NOBODY = ['counters', 'migrations', 'activity_backfill', 'review_quality_daily'];

const needles = [leaver.id, leaver.name!, 'Zebedee', 'Quartermaine'];
const collectionsOf = (mentions: string[]) => [...new Set(mentions.map((m) => m.split(':')[0]!))].sort();

async function call(method: string, url: string, who: Record<string, string>, payload?: object) {
  const res = await h.app.inject({
    method: method as 'POST',
    url,
    headers: who,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

const project = (name: string, by: Identity, memberIds: string[]) =>
  call('POST', '/api/projects', as(by), {
    name,
    client: 'Lagos University',
    languages: ['yo'],
    startDate: '2026-11-01',
    dueDate: '2026-11-30',
    targets: [{ kind: 'sentences', count: 5 }],
    memberIds,
  }).then((r) => r.json<ProjectDetail>());

const task = (projectId: string, by: Identity, assignee: Identity) =>
  call('POST', '/api/tasks', as(by), {
    projectId,
    description: `A task for ${assignee === leaver ? 'the leaver' : 'the other'}`,
    assigneeId: assignee.id,
    priority: 'medium',
    dueDate: '2026-11-20',
  }).then((r) => r.json<Task>());

/** The leaver does one of everything the text service keeps a person's id, name or words for. */
async function seedLeaver() {
  const written = {
    text: 'The river rises after the long rains.',
    citation: 'Written by me.',
    domain: ['general'],
    lang: 'en',
    cc0Confirmed: true,
  };
  const mine = (await call('POST', '/api/sentences', as(leaver), written)).json<{ id: string }>();
  const theirs = (
    await call('POST', '/api/sentences', as(other), { ...written, text: 'Markets open early on Mondays.' })
  ).json<{ id: string }>();
  const pair = (en: string, yo: string, who: Identity) =>
    call('POST', '/api/text/add', as(who), {
      source_lang_text: en,
      target_lang_text: yo,
      text_category: 'conversational',
    }).then((r) => r.json<{ text_id: string }>());
  await pair('Good evening.', 'Ẹ káalẹ́.', leaver);
  // Sent from a phone's queue: the service keeps its Idempotency-Key (and its answer) for a week.
  await call(
    'POST',
    '/api/sentences',
    { ...as(leaver), [IDEMPOTENCY_KEY_HEADER]: 'leaver-sentence-0001' },
    { ...written, text: 'The road to the farm is long.' },
  );
  const otherPair = await pair('Welcome home.', 'Ẹ kú àbọ̀.', other);
  const judged = await pair('Thank you.', 'Ẹ ṣé.', other);
  // Reviews both ways: the leaver judges and decides others' items; others judge the leaver's.
  await call('POST', `/api/review/sentence/${theirs.id}`, as(leaver), { verdict: 'approve' });
  await call('POST', `/api/review/pair/${judged.text_id}`, as(leaver), { verdict: 'skip' });
  await call('POST', `/api/review/pair/${otherPair.text_id}/decision`, as(leaver), { status: 'validated' });
  await call('POST', `/api/review/sentence/${mine.id}`, as(other), { verdict: 'approve' });
  // Reports the speech service passes on.
  await call('POST', `/internal/sentences/${theirs.id}/flags`, speech, {
    reason: 'grammar',
    details: 'Missing a verb.',
    reporterId: leaver.id,
    reportedAt: new Date().toISOString(),
  });
  await call('POST', `/internal/text-pairs/${otherPair.text_id}/flags`, speech, {
    reason: 'wrong-translation',
    reporterId: leaver.id,
    reportedAt: new Date().toISOString(),
  });
  // Their own dataset upload.
  const body = multipart([
    { name: 'type', value: 'csv' },
    { name: 'description', value: 'My notebook' },
    { name: 'file', filename: 'notebook.csv', data: Buffer.from('text,language\nA child reads.,en\n') },
  ]);
  await call('POST', '/api/uploads', { ...as(leaver), ...body.headers }, body.payload as unknown as object);
  // Projects and tasks: one they own (with the other as member), one they belong to, tasks both ways.
  const owned = await project('Leaver’s project', leaver, [other.id]);
  const joined = await project('Other’s project', other, [leaver.id]);
  const given = await task(owned.id, leaver, other);
  await task(joined.id, other, leaver);
  await call('POST', `/api/tasks/${given.id}/share/public`, as(leaver));
  await call('POST', `/api/tasks/${given.id}/share/team`, as(leaver));
  return { mine, otherPair };
}

beforeAll(() => {
  h.accounts.set(leaver.id, { name: leaver.name!, role: 'admin' });
  h.accounts.set(other.id, { name: other.name!, role: 'manager' });
});

const storedBytes = async () =>
  (await h.app.inject({ url: `/internal/users/${leaver.id}/text-storage`, headers: gateway })).json<{
    bytes: number;
  }>().bytes;

const erase = (query = `?pseudonym=${pseudonym}`) =>
  h.app.inject({ method: 'DELETE', url: `/internal/users/${leaver.id}/text-data${query}`, headers: gateway });

test('every collection of the text database is known to this test', async () => {
  const names = (await h.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  const unknown = names.filter(
    (n) => !n.startsWith('system.') && ![...NAMING_PEOPLE, ...NAMING_NOBODY].includes(n),
  );
  expect(unknown).toEqual([]);
});

test('a deleted account leaves no id, name or upload in any collection; what it gave stays unnamed', async () => {
  const { mine, otherPair } = await seedLeaver();
  expect(await storedBytes()).toBeGreaterThan(0);
  // The seeding reached every collection that can name a person (GridFS files are named by the upload).
  const before = collectionsOf(await findMentions(h.db, needles));
  expect(before).toEqual(NAMING_PEOPLE.filter((c) => !c.startsWith('dataset_files.')).sort());

  expect((await erase()).json()).toEqual({ done: true });

  expect(await findMentions(h.db, needles)).toEqual([]);
  // Their upload and its file are gone; their sentence and pair stay, under the pseudonym.
  expect(await storedBytes()).toBe(0);
  expect(await h.db.collection(`${DATASET_FILES_BUCKET}.files`).countDocuments()).toBe(0);
  expect(await h.db.collection(`${DATASET_FILES_BUCKET}.chunks`).countDocuments()).toBe(0);
  const sentence = await sentences(h.db).findOne({ _id: new ObjectId(mine.id) });
  expect(sentence).toMatchObject({ authorId: pseudonym, text: 'The river rises after the long rains.' });
  const decided = await textPairs(h.db).findOne({ _id: new ObjectId(otherPair.text_id) });
  expect(decided!.decidedBy!.userId).toBe(pseudonym);
  // Others keep what is theirs.
  expect(await textPairs(h.db).countDocuments({ authorId: other.id })).toBe(2);
  const names = (await h.db.collection('projects').find().toArray()).flatMap((p) =>
    (p.members as { id: string; name: string }[]).map((m) => m.name),
  );
  expect(names.sort()).toEqual(['Deleted account', 'Deleted account', 'Olu Other', 'Olu Other']);

  // A second call (the gateway retries after a failure) changes nothing more.
  const snapshot = await h.db.collection('sentences').find().toArray();
  expect((await erase()).statusCode).toBe(200);
  expect(await h.db.collection('sentences').find().toArray()).toEqual(snapshot);
});

test('only the gateway may erase, and only with a pseudonym of the right form', async () => {
  expect(
    (
      await h.app.inject({
        method: 'DELETE',
        url: `/internal/users/${leaver.id}/text-data?pseudonym=${pseudonym}`,
        headers: as(other),
      })
    ).statusCode,
  ).toBe(403);
  expect((await erase('')).statusCode).toBe(400);
  expect((await erase('?pseudonym=Zebedee')).statusCode).toBe(400);
});
