import { ObjectId } from 'mongodb';
import type { Dataset, DatasetPage } from '@platform/contracts';
import { selectionCounts, type SelectionCounts } from '../src/datasets/release-build';
import { addSentences, startSpeech } from './support/harness';
import {
  admin,
  createDataset,
  emptyDatasets,
  definition,
  downloadAs,
  publishFake,
  startDatasets,
  who,
  type DatasetsHarness,
} from './support/datasets';

// What a release would hold is the builder's business (its own tests); here it is whatever a test says.
jest.mock('../src/datasets/release-build', () => ({
  ...jest.requireActual('../src/datasets/release-build'),
  selectionCounts: jest.fn(),
}));
const counts = selectionCounts as jest.MockedFunction<typeof selectionCounts>;
const some: SelectionCounts = { recordings: 3, audioPairs: 0, sentences: 3, textPairs: 0 };
const none: SelectionCounts = { recordings: 0, audioPairs: 0, sentences: 0, textPairs: 0 };

const researcher = () => who('res-1', 'researcher');

describe('datasets: browsing, the stat cards, definitions and publishing (speech service)', () => {
  let h: DatasetsHarness;
  beforeAll(async () => {
    h = await startDatasets();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await Promise.all([emptyDatasets(h), h.col.sentences.deleteMany({}), h.col.recordings.deleteMany({})]);
    counts.mockResolvedValue(some);
  });

  const list = async (query = '', headers: Record<string, string> = {}) => {
    const res = await h.app.inject({ url: `/api/datasets${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as DatasetPage;
  };

  describe('Browse Datasets', () => {
    it('shows signed-out people and researchers only datasets with a published release; admins all, with builds', async () => {
      const published = await createDataset(h, { name: 'Published Yoruba' });
      const draft = await createDataset(h, { name: 'Draft Hausa', language: 'ha' });
      await publishFake(h, published);
      const building = await h.app.inject({
        method: 'POST',
        url: `/api/datasets/${draft}/releases`,
        headers: admin(),
      });
      expect(building.statusCode).toBe(202);

      for (const headers of [{}, researcher(), who('c', 'contributor')]) {
        const page = await list('', headers);
        expect(page.items.map((d) => d.name)).toEqual(['Published Yoruba']);
        expect(page.total).toBe(1);
        expect(page.items[0]!.building).toBeNull();
      }
      const all = await list('', admin());
      expect(all.items.map((d) => d.name)).toEqual(['Published Yoruba', 'Draft Hausa']);
      const draftCard = all.items.find((d) => d.id === draft)!;
      expect(draftCard.latestRelease).toBeNull();
      expect(draftCard.building).toMatchObject({ version: 1, status: 'building', progress: 0 });

      // A dataset nobody may see yet is not found for them, and is for an admin.
      expect((await h.app.inject({ url: `/api/datasets/${draft}` })).statusCode).toBe(404);
      expect((await h.app.inject({ url: `/api/datasets/${draft}`, headers: admin() })).statusCode).toBe(200);
    });

    it('searches name and description case-insensitively and literally, filters language and category, pages newest publish first', async () => {
      const a = await createDataset(h, { name: 'Yoruba Conversations', description: 'Talk at the market.' });
      const b = await createDataset(h, {
        name: 'Hausa News',
        description: 'Broadcast READINGS (2024).',
        language: 'ha',
        category: 'academic',
      });
      const c = await createDataset(h, {
        name: 'Igbo Stories',
        description: 'Folk tales.',
        language: 'ig',
        category: 'cultural',
      });
      const day = 24 * 60 * 60 * 1000;
      await publishFake(h, a, { at: new Date(Date.now() - 3 * day) });
      await publishFake(h, b, { at: new Date(Date.now() - 2 * day) });
      await publishFake(h, c, { at: new Date(Date.now() - day) });

      expect((await list()).items.map((d) => d.name)).toEqual([
        'Igbo Stories',
        'Hausa News',
        'Yoruba Conversations',
      ]);
      expect((await list('?q=yoruba')).items.map((d) => d.id)).toEqual([a]);
      expect((await list('?q=readings')).items.map((d) => d.id)).toEqual([b]);
      // Characters that mean something to a regular expression are matched as written.
      expect((await list(`?q=${encodeURIComponent('(2024)')}`)).items.map((d) => d.id)).toEqual([b]);
      expect((await list(`?q=${encodeURIComponent('.*')}`)).items).toEqual([]);
      expect((await list('?language=ig')).items.map((d) => d.id)).toEqual([c]);
      expect((await list('?category=academic')).items.map((d) => d.id)).toEqual([b]);
      expect((await list('?language=yo&category=academic')).items).toEqual([]);

      const first = await list('?pageSize=2');
      expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(first.items.map((d) => d.id)).toEqual([c, b]);
      const second = await list('?pageSize=2&page=2');
      expect(second.items.map((d) => d.id)).toEqual([a]);

      for (const bad of [
        '?language=fr',
        '?category=news',
        '?page=0',
        '?pageSize=101',
        `?q=${'x'.repeat(101)}`,
      ]) {
        expect((await h.app.inject({ url: `/api/datasets${bad}` })).statusCode).toBe(400);
      }
    });

    it("shows each card's latest release, downloads and whether the caller accepted its licence", async () => {
      const id = await createDataset(h);
      await publishFake(h, id, { audioSeconds: 3600 });
      const { release } = await publishFake(h, id, { audioSeconds: 5400 });
      for (const userId of ['res-1', 'res-2', 'res-2']) await downloadAs(h, userId, id, 2);
      // res-2's acceptance is forgotten (as if never given) to see both answers.
      await h.dc.licenceAcceptances.deleteMany({ userId: 'res-2' });
      const mine = (await list('', researcher())).items[0]!;
      expect(mine).toMatchObject({ downloads: 3, licenceAccepted: true });
      expect(mine.latestRelease).toMatchObject({ version: 2, status: 'published', downloads: 3 });
      expect(mine.latestRelease!.figures!.audioSeconds).toBe(5400);
      expect(mine.latestRelease!.artifacts.map((a) => a.name)).toEqual(['metadata.json', 'complete.zip']);
      expect(mine.updatedAt).toBe(release.publishedAt!.toISOString());
      expect((await list('', who('res-2', 'researcher'))).items[0]!.licenceAccepted).toBe(false);
      expect((await list()).items[0]!.licenceAccepted).toBe(false);
      // Nothing internal leaves the service.
      const body = (await h.app.inject({ url: `/api/datasets/${id}` })).body;
      expect(body).not.toContain('speaker-a');
      expect(body).not.toContain('contributorIds');

      const detail = (await h.app.inject({ url: `/api/datasets/${id}` })).json();
      expect(
        detail.releases.map((r: { version: number; downloads: number }) => [r.version, r.downloads]),
      ).toEqual([
        [2, 3],
        [1, 0],
      ]);
    });

    it('lets an API token list datasets, read a release and its statistics', async () => {
      const id = await createDataset(h);
      await publishFake(h, id);
      const token = who('res-1', 'researcher', { token: true });
      expect((await list('', token)).items).toHaveLength(1);
      const release = await h.app.inject({ url: `/api/datasets/${id}/releases/latest`, headers: token });
      expect(release.json()).toMatchObject({ version: 1, status: 'published' });
      const stats = await h.app.inject({ url: `/api/datasets/${id}/releases/1/statistics`, headers: token });
      expect(stats.json()).toMatchObject({ version: 1, clips: 10, speakers: 2 });
      expect((await h.app.inject({ url: '/api/datasets/summary', headers: token })).statusCode).toBe(200);
    });
  });

  describe('the stat cards', () => {
    it('count published datasets, every download, distinct people and hours of the latest published releases', async () => {
      expect((await h.app.inject({ url: '/api/datasets/summary' })).json()).toEqual({
        availableDatasets: 0,
        totalDownloads: 0,
        contributors: 0,
        audioHours: 0,
      });
      const yo = await createDataset(h, { name: 'Yoruba' });
      const ha = await createDataset(h, { name: 'Hausa', language: 'ha' });
      await createDataset(h, { name: 'Never published', language: 'ig' });
      // Yoruba's first release is superseded: only its latest counts.
      await publishFake(h, yo, { contributorIds: ['old-speaker'], audioSeconds: 36_000 });
      await publishFake(h, yo, { contributorIds: ['ada', 'bola'], audioSeconds: 3600 });
      await publishFake(h, ha, { contributorIds: ['bola', 'chidi'], audioSeconds: 5400 });
      await downloadAs(h, 'res-1', yo, 2);
      await downloadAs(h, 'res-1', yo, 1);
      expect((await h.app.inject({ url: '/api/datasets/summary' })).json()).toEqual({
        availableDatasets: 2,
        totalDownloads: 2,
        contributors: 3,
        audioHours: 2.5,
      });
    });
  });

  describe('definitions', () => {
    it('lets an admin define and edit a dataset; a name is taken whatever its case', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/datasets',
        headers: admin(),
        payload: definition({ name: '  Yoruba Read Speech ', tags: ['asr', 'read'] }),
      });
      expect(res.statusCode).toBe(201);
      const created = res.json() as Dataset;
      expect(created).toMatchObject({
        name: 'Yoruba Read Speech',
        language: 'yo',
        tags: ['asr', 'read'],
        latestRelease: null,
        building: null,
        downloads: 0,
        licenceAccepted: false,
      });

      const taken = await h.app.inject({
        method: 'POST',
        url: '/api/datasets',
        headers: admin(),
        payload: definition({ name: 'YORUBA read speech' }),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('dataset.name_taken');
      expect(await h.dc.datasets.countDocuments()).toBe(1);

      const other = await createDataset(h, { name: 'Hausa Speech', language: 'ha' });
      const clash = await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${other}`,
        headers: admin(),
        payload: definition({ name: 'yoruba read speech' }),
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().code).toBe('dataset.name_taken');

      const edited = await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${created.id}`,
        headers: admin(),
        payload: definition({
          name: 'Yoruba Read Speech',
          description: 'Now with more.',
          license: 'CC0-1.0',
        }),
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id: created.id,
        description: 'Now with more.',
        license: 'CC0-1.0',
      });

      const missing = await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${new ObjectId().toHexString()}`,
        headers: admin(),
        payload: definition({ name: 'Anything' }),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('dataset.not_found');
    });

    it('refuses bad definitions with a 400 and stores nothing', async () => {
      const bad = [
        definition({ name: '   ' }),
        definition({ language: 'fr' as 'yo' }),
        definition({ license: 'GPL' as 'CC0-1.0' }),
        definition({ tags: ['a', 'a'] }),
        definition({ sources: { include: [], languages: [], domains: [], categories: [] } }),
        { ...definition(), extra: true },
        { name: 'Only a name' },
      ];
      for (const payload of bad) {
        const res = await h.app.inject({ method: 'POST', url: '/api/datasets', headers: admin(), payload });
        expect(res.statusCode).toBe(400);
      }
      expect(await h.dc.datasets.countDocuments()).toBe(0);
    });

    it('lets only admins define, edit and publish (403), and no API token, even an admin’s', async () => {
      const id = await createDataset(h);
      for (const headers of [
        researcher(),
        who('rev', 'reviewer'),
        who('res-1', 'researcher', { token: true }),
        who('admin-1', 'admin', { token: true }),
      ]) {
        const create = await h.app.inject({
          method: 'POST',
          url: '/api/datasets',
          headers,
          payload: definition({ name: 'Another' }),
        });
        expect(create.statusCode).toBe(403);
        const edit = await h.app.inject({
          method: 'PUT',
          url: `/api/datasets/${id}`,
          headers,
          payload: definition(),
        });
        expect(edit.statusCode).toBe(403);
        const publish = await h.app.inject({ method: 'POST', url: `/api/datasets/${id}/releases`, headers });
        expect(publish.statusCode).toBe(403);
      }
      const signedOut = await h.app.inject({ method: 'POST', url: `/api/datasets/${id}/releases` });
      expect(signedOut.statusCode).toBe(401);
      expect(await h.dc.releases.countDocuments()).toBe(0);
      expect(await h.dc.datasets.countDocuments()).toBe(1);
    });
  });

  describe('publishing', () => {
    const publish = (id: string) =>
      h.app.inject({ method: 'POST', url: `/api/datasets/${id}/releases`, headers: admin() });

    it('answers 202 with the building release, kicks the worker, and refuses a second publish while it builds', async () => {
      const id = await createDataset(h);
      const kicks = h.worker.kicks;
      const first = await publish(id);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({
        version: 1,
        status: 'building',
        progress: 0,
        artifacts: [],
        downloads: 0,
      });
      expect(h.worker.kicks).toBe(kicks + 1);
      const stored = await h.dc.releases.findOne({ datasetId: id });
      expect(stored).toMatchObject({
        status: 'building',
        createdBy: 'admin-1',
        definition: { name: 'Yoruba Read Speech' },
      });
      // A full release: nothing left out.
      expect(counts).toHaveBeenLastCalledWith(expect.anything(), definition().sources, null);

      const second = await publish(id);
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('release.build_running');
      expect(await h.dc.releases.countDocuments({ datasetId: id })).toBe(1);

      // An edit after the publish call does not change what the release is built from.
      await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${id}`,
        headers: admin(),
        payload: definition({ name: 'Renamed' }),
      });
      expect((await h.dc.releases.findOne({ datasetId: id }))!.definition.name).toBe('Yoruba Read Speech');
    });

    it('lets only one of two publishes at once through', async () => {
      const id = await createDataset(h);
      const answers = await Promise.all([publish(id), publish(id), publish(id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409, 409]);
      expect(await h.dc.releases.countDocuments({ datasetId: id })).toBe(1);
    });

    it('goes published once built; the next publish is the next version', async () => {
      const id = await createDataset(h);
      expect((await publish(id)).statusCode).toBe(202);
      // What the builder does when it finishes (its own tests cover how).
      const at = new Date();
      await h.dc.releases.updateOne(
        { datasetId: id, version: 1 },
        {
          $set: {
            status: 'published',
            publishedAt: at,
            progress: 1,
            figures: {
              clips: 3,
              audioSeconds: 12,
              contributors: 2,
              sentences: 3,
              textPairs: 0,
              files: 9,
              bytes: 999,
            },
          },
        },
      );
      await h.dc.datasets.updateOne({ _id: id }, { $set: { latestVersion: 1, publishedAt: at } });
      const built = definition().sources;
      // An edit after publishing changes the definition, never what the release says it was built from.
      const edited = await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${id}`,
        headers: admin(),
        payload: definition({ sources: { ...built, include: ['text-pairs'] } }),
      });
      expect(edited.json().sources.include).toEqual(['text-pairs']);
      const release = await h.app.inject({ url: `/api/datasets/${id}/releases/1` });
      expect(release.json()).toMatchObject({ version: 1, status: 'published', progress: 1, sources: built });
      expect((await list()).items[0]!.latestRelease).toMatchObject({ version: 1, status: 'published' });

      const next = await publish(id);
      expect(next.statusCode).toBe(202);
      expect(next.json().version).toBe(2);
      // Others do not see a build; an admin follows its progress.
      expect((await h.app.inject({ url: `/api/datasets/${id}/releases/2` })).statusCode).toBe(404);
      await h.dc.releases.updateOne(
        { datasetId: id, version: 2 },
        { $set: { progress: 0.5, stage: 'Decoding audio 1 of 2' } },
      );
      const watched = await h.app.inject({ url: `/api/datasets/${id}/releases/2`, headers: admin() });
      expect(watched.json()).toMatchObject({
        status: 'building',
        progress: 0.5,
        stage: 'Decoding audio 1 of 2',
      });
      const stats = await h.app.inject({
        url: `/api/datasets/${id}/releases/2/statistics`,
        headers: admin(),
      });
      expect(stats.statusCode).toBe(409);
      expect(stats.json().code).toBe('release.not_published');
      // A failed build shows its reason to admins only, and does not block the next publish.
      await h.dc.releases.updateOne(
        { datasetId: id, version: 2 },
        { $set: { status: 'failed', error: 'disk full' } },
      );
      const failed = (await h.app.inject({ url: `/api/datasets/${id}`, headers: admin() })).json();
      expect(failed.releases[0]).toMatchObject({ version: 2, status: 'failed', error: 'disk full' });
      expect((await publish(id)).json().version).toBe(3);
    });

    it('answers 404 for an unknown dataset and 422 when there is nothing to release', async () => {
      const missing = await publish(new ObjectId().toHexString());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('dataset.not_found');
      const id = await createDataset(h);
      counts.mockResolvedValue(none);
      const empty = await publish(id);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().code).toBe('release.nothing_to_release');
      expect(await h.dc.releases.countDocuments()).toBe(0);
    });

    it('answers 404 for unknown releases and 409 for statistics of a dataset with nothing published', async () => {
      const id = await createDataset(h);
      expect(
        (await h.app.inject({ url: `/api/datasets/${id}/releases/1`, headers: admin() })).json().code,
      ).toBe('release.not_found');
      const latest = await h.app.inject({
        url: `/api/datasets/${id}/releases/latest/statistics`,
        headers: admin(),
      });
      expect(latest.statusCode).toBe(409);
      expect((await h.app.inject({ url: `/api/datasets/${id}/releases/0` })).statusCode).toBe(400);
      expect((await h.app.inject({ url: `/api/datasets/${id}/releases/newest` })).statusCode).toBe(400);
    });
  });

  describe('seeding', () => {
    it('defines one dataset per language with validated data, once, and never overwrites an admin’s edits', async () => {
      expect(await h.app.datasetSeeder.seedOnce()).toEqual([]);
      await addSentences(h.col, 'yo', ['Ẹ káàárọ̀.']);
      // Sentences not yet validated, and recordings not yet validated, give a language nothing.
      await h.col.sentences.insertOne({
        _id: new ObjectId().toHexString(),
        text: 'Sannu.',
        language: 'ha',
        recordable: false,
        recordingCount: 0,
        rand: 0.5,
        seq: 9,
      });
      const recording = {
        sentenceId: 'x',
        sentenceText: 'Good morning.',
        durationSeconds: 2,
        audioFileId: new ObjectId(),
        container: 'webm' as const,
        contentType: 'audio/webm',
        bytes: 10,
        speakerId: 'ada',
        speakerName: null,
        yes: 2,
        no: 0,
        voteCount: 2,
        reports: 0,
        createdAt: new Date(),
      };
      await h.col.recordings.insertMany([
        { ...recording, _id: new ObjectId(), language: 'en', status: 'validated' },
        { ...recording, _id: new ObjectId(), language: 'ig', status: 'undecided' },
      ]);
      expect(await h.app.datasetSeeder.seedOnce()).toEqual(['en', 'yo']);
      const seeded = await h.dc.datasets.find({}).sort({ seededFor: 1 }).toArray();
      expect(seeded.map((d) => [d.seededFor, d.name, d.language])).toEqual([
        ['en', 'English Speech and Text', 'en'],
        ['yo', 'Yoruba Speech and Text', 'yo'],
      ]);
      expect(seeded[1]!.sources.include).toEqual(['recordings', 'audio-pairs', 'sentences', 'text-pairs']);
      expect(seeded[1]!.sources.languages).toEqual(['yo']);

      // An admin renames the Yoruba one; seeding again neither adds a second nor undoes the edit.
      const edit = await h.app.inject({
        method: 'PUT',
        url: `/api/datasets/${seeded[1]!._id}`,
        headers: admin(),
        payload: definition({ name: 'Our Yoruba Corpus' }),
      });
      expect(edit.statusCode).toBe(200);
      expect(await Promise.all([h.app.datasetSeeder.seedOnce(), h.app.datasetSeeder.seedOnce()])).toEqual([
        [],
        [],
      ]);
      expect(await h.dc.datasets.countDocuments()).toBe(2);
      expect((await h.dc.datasets.findOne({ seededFor: 'yo' }))!.name).toBe('Our Yoruba Corpus');
      // Seeded definitions are not published: browsing shows them to admins only.
      expect((await list()).items).toEqual([]);
      expect((await list('', admin())).total).toBe(2);
    });

    it('seeds when the service starts, and stops with it', async () => {
      await addSentences(h.col, 'ha', ['Sannu da zuwa.']);
      // A second speech process on the same database, seeding on (as `npm start` runs it).
      const second = await startSpeech({
        mongo: h.mongo,
        dbName: h.app.database!.db.databaseName,
        createReleaseWorker: () => h.worker,
        startSeeding: true,
      });
      await second.app.datasetSeeder.stop(); // waits for the pass it began when it was ready
      await second.close();
      expect((await h.dc.datasets.findOne({ seededFor: 'ha' }))?.name).toBe('Hausa Speech and Text');
    });

    it('gives the seeded dataset another name when an admin already took its name', async () => {
      await createDataset(h, { name: 'yoruba speech and text' });
      await addSentences(h.col, 'yo', ['Ẹ ṣé.']);
      expect(await h.app.datasetSeeder.seedOnce()).toEqual(['yo']);
      expect((await h.dc.datasets.findOne({ seededFor: 'yo' }))!.name).toBe('Yoruba Speech and Text 2');
    });
  });
});
