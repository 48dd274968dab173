import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import type { LanguageDatasheet, ReleaseDatasheet } from '@platform/contracts';
import type { ReleaseDoc } from '../src/datasets/store';
import { datasetCollections, testCollections } from './support/collections';
import { as, asRole, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';
import {
  addAudioPair,
  addRecording,
  addSentence,
  addTextPair,
  askForRelease,
  readArtifact,
  sh,
  storeAudio,
  tempDir,
  writeTemp,
} from './support/releases';

const tsvRows = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));

describe('a release’s datasheet figures, and delta releases', () => {
  let speech: SpeechHarness;
  let db: Db;
  let dir: string;
  let datasetId: string;
  let take: ObjectId;
  let yoSentence: string;
  let lateValidated: ObjectId;
  const admin = asRole('admin-1', 'admin');
  const researcher = asRole('ada', 'researcher');

  const build = async () => {
    speech.app.releaseWorker.kick();
    await speech.app.releaseWorker.idle();
  };
  const releaseDoc = async (version: number) =>
    (await datasetCollections(db).releases.findOne({ datasetId, version }))!;
  const manifestOf = async (release: ReleaseDoc) =>
    JSON.parse(
      (await readArtifact(db, release.artifacts.find((a) => a.name === 'metadata.json')!.fileId)).toString(),
    ) as { folder: string; files: Array<{ path: string }>; base: { version: number } | null };
  /** A release's archive, unzipped in a folder of its own; returns that folder's release folder. */
  const unzipped = async (release: ReleaseDoc) => {
    const zip = release.artifacts.find((a) => a.name === 'complete.zip')!;
    const name = `v${release.version}`;
    writeTemp(dir, `${name}.zip`, await readArtifact(db, zip.fileId));
    sh('unzip', ['-q', '-o', `${name}.zip`, '-d', name], dir);
    return join(dir, name, (await manifestOf(release)).folder);
  };
  /** What a release holds, by the ids its own tables give: clip files, sentences and text pairs. */
  const idsIn = async (release: ReleaseDoc) => {
    const folder = await unzipped(release);
    const clips = new Set<string>();
    for (const lang of ['en', 'yo']) {
      for (const row of tsvRows(readFileSync(join(folder, lang, 'validated.tsv'), 'utf8'))) {
        // The clip's file name ends with the recording's (or donation's) id and, for a donation, its side.
        clips.add(row[1]!.replace(/^.*?_((pair_)?[0-9a-f]{24}(_[a-z]{2})?)\.wav$/, '$1'));
      }
    }
    const sentences = new Set(
      tsvRows(readFileSync(join(folder, 'text', 'sentences.tsv'), 'utf8')).map((r) => r[0]!),
    );
    const textPairs = new Set(
      tsvRows(readFileSync(join(folder, 'text', 'text_pairs.tsv'), 'utf8')).map((r) => r[0]!),
    );
    return { clips, sentences, textPairs };
  };
  const union = <T>(a: Set<T>, b: Set<T>) => new Set([...a, ...b]);
  const sorted = <T>(s: Set<T>) => [...s].sort();

  beforeAll(async () => {
    speech = await startSpeech();
    db = speech.app.database!.db;
    dir = tempDir('release-delta-');
    take = await storeAudio(db, chromiumWebm('speech'));
    yoSentence = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo', ['health']);
    const enSentence = await addSentence(db, 'Good evening.', 'en');
    await addRecording(db, {
      speakerId: 'spk-a',
      sentenceId: yoSentence,
      text: 'Ẹ kú iṣẹ́ o.',
      language: 'yo',
      audio: take,
    });
    await addRecording(db, {
      speakerId: 'spk-b',
      sentenceId: yoSentence,
      text: 'Ẹ kú iṣẹ́ o.',
      language: 'yo',
      audio: take,
    });
    await addRecording(db, {
      speakerId: 'spk-c',
      sentenceId: enSentence,
      text: 'Good evening.',
      language: 'en',
      audio: take,
    });
    // Made before the first release, decided only after it: in neither the base nor, by date, "new".
    lateValidated = await addRecording(db, {
      speakerId: 'spk-d',
      sentenceId: yoSentence,
      text: 'Ẹ kú iṣẹ́ o.',
      language: 'yo',
      audio: take,
      status: 'undecided',
    });
    await addAudioPair(db, {
      donorId: 'donor-f',
      dialect: 'ekiti-yoruba',
      source: await storeAudio(db, wav({ seconds: 1, rate: 16000 })),
      target: await storeAudio(db, wav({ seconds: 1, rate: 16000 })),
    });
    await addTextPair(db, 'Thank you.', 'Ẹ ṣé.');
    await speech.app.inject({
      method: 'PUT',
      url: '/api/user/speaker-details',
      headers: as('spk-a'),
      payload: { ageRange: null, gender: 'female', accent: null },
    });

    datasetId = (await askForRelease(db)).datasetId;
    await build();
    expect((await releaseDoc(1)).status).toBe('published');
  }, 120_000);

  afterAll(async () => {
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const datasheetUrl = (version: string | number) =>
    `/api/datasets/${datasetId}/releases/${version}/datasheet`;

  it('sends the datasheet figures of each language, the ones its README holds, to a researcher who accepted the licence', async () => {
    const before = await speech.app.inject({ method: 'GET', url: datasheetUrl(1), headers: researcher });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('download.licence_required');
    const payload = { acceptLicence: true, noReidentification: true };
    expect(
      (
        await speech.app.inject({
          method: 'POST',
          url: `/api/datasets/${datasetId}/licence`,
          headers: researcher,
          payload,
        })
      ).statusCode,
    ).toBe(200);

    const answer = await speech.app.inject({
      method: 'GET',
      url: datasheetUrl('latest'),
      headers: researcher,
    });
    expect(answer.statusCode).toBe(200);
    const sheet = answer.json<ReleaseDatasheet>();
    expect(sheet).toMatchObject({ version: 1, base: null, languages: ['en', 'yo'] });
    const folder = await unzipped(await releaseDoc(1));
    expect(sheet.folder).toBe(folder.split('/').pop());
    // The splits said to have Parquet shards are the ones the archive holds them for.
    const shards = existsSync(join(folder, 'data')) ? readdirSync(join(folder, 'data')) : [];
    expect(sheet.parquetSplits).toEqual(
      ['train', 'dev', 'test'].filter((split) => shards.some((f) => f.startsWith(`${split}-`))),
    );
    // The citation is CITATION.cff's own words.
    const cff = readFileSync(join(folder, 'CITATION.cff'), 'utf8');
    expect(JSON.parse(/^message: (.*)$/m.exec(cff)![1]!)).toBe(
      `If you use this dataset, please cite it as: ${sheet.citation}`,
    );
    // Every figure is the one the language's README and tables hold.
    const yo = sheet.datasheets.find((d) => d.language === 'yo') as LanguageDatasheet;
    const readme = readFileSync(join(folder, 'yo', 'README.md'), 'utf8');
    const glance = (label: string) =>
      Number(new RegExp(`^\\| ${label} \\| (\\d+) \\|$`, 'm').exec(readme)![1]);
    expect(yo.clips).toBe(glance('validated clips \\(validated.tsv\\)'));
    expect(yo.clips).toBe(tsvRows(readFileSync(join(folder, 'yo', 'validated.tsv'), 'utf8')).length);
    expect(yo).toMatchObject({ clips: 3, speakers: 3, readRecordings: 2, donatedSides: 1, other: 1 });
    expect(yo.speakers).toBe(glance('speakers'));
    expect(yo.other).toBe(glance('recordings votes had not decided \\(other.tsv\\)'));
    expect(readme).toContain(`| hours of validated audio | ${(yo.audioMs / 3_600_000).toFixed(2)} |`);
    expect(yo.gender).toEqual(
      expect.arrayContaining([
        { value: 'female', clips: 1, speakers: 1 },
        { value: '', clips: 2, speakers: 2 },
      ]),
    );
    expect(yo.splits.reduce((n, s) => n + s.clips, 0)).toBe(yo.clips);
    expect(yo.toneMarks?.transcriptions).toMatchObject({ sentences: 3, toneMarked: 3 });
    expect(sheet.datasheets.find((d) => d.language === 'en')!.toneMarks).toBeUndefined();
  });

  it('answers 404 for no such release, 409 for one not published, and only to researchers and admins', async () => {
    const failed = {
      ...(await releaseDoc(1)),
      _id: new ObjectId(),
      version: 8,
      status: 'failed' as const,
      artifacts: [],
    };
    await datasetCollections(db).releases.insertOne(failed);
    const notPublished = await speech.app.inject({
      method: 'GET',
      url: datasheetUrl(8),
      headers: researcher,
    });
    expect(notPublished.statusCode).toBe(409);
    expect(notPublished.json().code).toBe('release.not_published');
    await datasetCollections(db).releases.deleteOne({ _id: failed._id });
    expect(
      (await speech.app.inject({ method: 'GET', url: datasheetUrl(9), headers: researcher })).statusCode,
    ).toBe(404);
    expect(
      (await speech.app.inject({ method: 'GET', url: datasheetUrl(1), headers: as('carol') })).statusCode,
    ).toBe(403);
    expect((await speech.app.inject({ method: 'GET', url: datasheetUrl(1) })).statusCode).toBe(401);
  });

  it('publishes a delta of an earlier release holding only what is new, whose union with its base is the full release of the same moment', async () => {
    // Refused: no such base, and a base that is not published.
    const publish = (base: number) =>
      speech.app.inject({
        method: 'POST',
        url: `/api/datasets/${datasetId}/releases?base=${base}`,
        headers: admin,
      });
    expect((await publish(7)).statusCode).toBe(404);
    // Nothing new since release 1 yet.
    const nothing = await publish(1);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().code).toBe('release.nothing_to_release');
    expect(await datasetCollections(db).releases.countDocuments({ datasetId })).toBe(1);

    // New since release 1: a recording, the vote that decided an older one, a donation, a sentence, a text pair.
    await addRecording(db, {
      speakerId: 'spk-e',
      sentenceId: yoSentence,
      text: 'Ẹ kú iṣẹ́ o.',
      language: 'yo',
      audio: take,
    });
    await testCollections(db).recordings.updateOne(
      { _id: lateValidated },
      { $set: { status: 'validated', yes: 2, voteCount: 2 } },
    );
    await addAudioPair(db, { donorId: 'donor-g', dialect: 'other', source: take, target: take });
    await addSentence(db, 'Ó dàbọ̀.', 'yo', ['general']);
    await addTextPair(db, 'Welcome.', 'Ẹ káàbọ̀.');

    const asked = await publish(1);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ version: 2, status: 'building', base: 1 });
    await build();
    const delta = await releaseDoc(2);
    expect(delta.status).toBe('published');

    // A full release built at the delta's moment, from the same data.
    const full: ReleaseDoc = {
      ...(await releaseDoc(1)),
      _id: new ObjectId(),
      version: 3,
      status: 'building',
      cutoff: delta.cutoff,
      artifacts: [],
      progress: 0,
    };
    for (const key of [
      'figures',
      'audio',
      'statistics',
      'publishedAt',
      'contributorIds',
      'stage',
      'lease',
    ] as const)
      delete full[key];
    await datasetCollections(db).releases.insertOne(full);
    await build();

    const base = await idsIn(await releaseDoc(1));
    const added = await idsIn(delta);
    const whole = await idsIn(await releaseDoc(3));
    // The new recording, the one decided since, and the new donation's two sides.
    expect(added.clips.size).toBe(4);
    expect(added.clips.has(lateValidated.toHexString())).toBe(true);
    expect([...added.clips].filter((id) => id.startsWith('pair_'))).toHaveLength(2);
    for (const key of ['clips', 'sentences', 'textPairs'] as const) {
      expect([...added[key]].filter((id) => base[key].has(id))).toEqual([]);
      expect(sorted(union(base[key], added[key]))).toEqual(sorted(whole[key]));
    }
    expect(added.sentences.size).toBe(1);
    expect(added.textPairs.size).toBe(1);

    // The base is named in the manifest, in croissant.json and in the release's summary.
    expect((await manifestOf(delta)).base).toEqual({ version: 1 });
    const croissant = JSON.parse(readFileSync(join(await unzipped(delta), 'croissant.json'), 'utf8'));
    expect(croissant.isBasedOn).toMatch(new RegExp(`/api/datasets/${datasetId}/releases/1$`));
    const summary = await speech.app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/releases/2` });
    expect(summary.json().base).toBe(1);
    const sheet = await speech.app.inject({ method: 'GET', url: datasheetUrl(2), headers: researcher });
    expect(sheet.json().base).toBe(1);

    // A delta of the delta leaves out both: nothing is new since.
    expect((await publish(2)).statusCode).toBe(422);
  }, 120_000);
});
