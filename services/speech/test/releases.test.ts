import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ObjectId, type Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import { recordingStatusFor } from '@platform/contracts';
import { CV_COLUMNS, METADATA_CSV_COLUMNS } from '../src/datasets/release-build/tables';
import { RELEASE_BUCKET, type ReleaseDoc } from '../src/datasets/store';
import { datasetCollections, testCollections } from './support/collections';
import { createReleaseWorker, selectionCounts, type ReleaseWorker } from '../src/datasets/release-build';
import { as, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';
import {
  addAudioPair,
  addRecording,
  addSentence,
  addTextPair,
  ALL_SOURCES,
  askForRelease,
  grepFiles,
  readArtifact,
  sh,
  storeAudio,
  tempDir,
  writeTemp,
} from './support/releases';

const SPEAKERS = { 'spk-a': 4, 'spk-b': 3, 'spk-c': 2, 'spk-d': 1, 'spk-e': 1 } as const;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tsv = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
/** The release's language folders: its clips are Yoruba recordings and a donation's English and Yoruba sides. */
const LANGS = ['en', 'yo'] as const;

/** Common Voice 25's files of a language folder and their columns, as its datasheets list them. */
const CV_CLIP_COLUMNS = [
  'client_id',
  'path',
  'sentence_id',
  'sentence',
  'sentence_domain',
  'up_votes',
  'down_votes',
  'age',
  'gender',
  'accents',
  'variant',
  'locale',
  'segment',
];
const CV_FILES: Record<string, string[]> = {
  validated: CV_CLIP_COLUMNS,
  invalidated: CV_CLIP_COLUMNS,
  other: CV_CLIP_COLUMNS,
  train: CV_CLIP_COLUMNS,
  dev: CV_CLIP_COLUMNS,
  test: CV_CLIP_COLUMNS,
  reported: ['sentence_id', 'sentence', 'locale', 'reason'],
  clip_durations: ['clip', 'duration[ms]'],
  validated_sentences: [
    'sentence_id',
    'sentence',
    'variant',
    'sentence_domain',
    'source',
    'is_used',
    'clips_count',
  ],
  unvalidated_sentences: [
    'sentence_id',
    'sentence',
    'variant',
    'sentence_domain',
    'source',
    'up_votes',
    'down_votes',
    'status',
  ],
};

/**
 * Every Common Voice file of every language folder, read as Common Voice scripts read them (pandas'
 * `read_csv(sep="\t", quoting=csv.QUOTE_NONE)`; Python's csv module with the same dialect): its header, and its
 * rows as records, by language and file.
 */
function readLikeCommonVoice(folder: string) {
  const out = sh('/usr/bin/python3', [
    '-c',
    [
      'import csv, json, sys, os',
      'res = {}',
      'for lang in sys.argv[2].split(","):',
      '    res[lang] = {}',
      '    for name in sys.argv[3].split(","):',
      '        with open(os.path.join(sys.argv[1], lang, name + ".tsv"), newline="", encoding="utf-8") as f:',
      '            r = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)',
      '            rows = list(r)',
      '            res[lang][name] = {"header": r.fieldnames, "rows": rows}',
      'print(json.dumps(res))',
    ].join('\n'),
    folder,
    LANGS.join(','),
    Object.keys(CV_FILES).join(','),
  ]);
  return JSON.parse(out) as Record<
    string,
    Record<string, { header: string[]; rows: Array<Record<string, string>> }>
  >;
}

describe('a release is built from the validated data and stored as three checked artifacts', () => {
  let speech: SpeechHarness;
  let db: Db;
  let release: ReleaseDoc;
  let dir: string;
  let folder: string;
  const accounts = [...Object.keys(SPEAKERS), 'donor-f', 'donor-g'];
  let undecided: string;

  beforeAll(async () => {
    speech = await startSpeech();
    db = speech.app.database!.db;
    const speechTake = await storeAudio(db, chromiumWebm('speech'));
    const longTake = await storeAudio(db, chromiumWebm('long'));
    const health = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo', ['health']);
    const general = await addSentence(db, 'Ó dàbọ̀.', 'yo', ['general', 'health']);
    const english = await addSentence(db, 'Good evening.', 'en');
    await addSentence(db, 'Not yet validated.', 'yo', [], false);
    let first = true;
    for (const [speakerId, n] of Object.entries(SPEAKERS)) {
      for (let i = 0; i < n; i++) {
        await addRecording(db, {
          speakerId,
          sentenceId: i % 2 ? general : health,
          text: i % 2 ? 'Ó dàbọ̀.' : 'Ẹ kú iṣẹ́ o.',
          language: 'yo',
          audio: first ? longTake : speechTake,
        });
        first = false;
      }
    }
    // Out of the release: decided against, undecided, and made after the release was asked for.
    const other = { sentenceId: english, text: 'Good evening.', language: 'en' as const, audio: speechTake };
    await addRecording(db, { ...other, speakerId: 'spk-x', status: 'invalidated' });
    await addRecording(db, { ...other, speakerId: 'spk-y', status: 'invalidated' });
    undecided = (await addRecording(db, { ...other, speakerId: 'spk-z', status: 'undecided' })).toHexString();
    // A donation: English at 8 kHz (resampled), Yoruba at 16 kHz.
    await addAudioPair(db, {
      donorId: 'donor-f',
      dialect: 'ekiti-yoruba',
      source: await storeAudio(db, wav({ seconds: 2, rate: 8000 })),
      target: await storeAudio(db, wav({ seconds: 1.5, rate: 16000 })),
    });
    await addAudioPair(db, {
      donorId: 'donor-g',
      dialect: 'other',
      status: 'pending',
      source: speechTake,
      target: speechTake,
    });
    await addTextPair(db, 'Thank you.', 'Ẹ ṣé.');
    await addTextPair(db, 'Welcome, "friend", to the market', 'Ẹ káàbọ̀');
    await addTextPair(db, 'Not approved.', 'Rárá.', false);

    // Reports on sentences: one before the release was asked for, one after (left out).
    const report = (userId: string, createdAt: Date) =>
      testCollections(db).sentenceMarks.insertOne({
        userId,
        sentenceId: health,
        language: 'yo',
        kind: 'reported',
        reason: 'grammar',
        createdAt,
      });
    await report('reporter-1', new Date(Date.now() - 30_000));
    await report('reporter-2', new Date(Date.now() + 60_000));
    // A sentence the text service rejected, as the sentence sync copies it.
    await speech.stores.sentences.applyChanges([
      {
        id: 'a'.repeat(24),
        text: 'Ọ̀rọ̀ tí a kọ̀.',
        language: 'yo',
        status: 'rejected',
        seq: 50,
        domains: ['health'],
      },
    ]);

    // Speaker details, as the speakers gave them in their settings.
    const details = async (id: string, body: object) =>
      expect(
        (
          await speech.app.inject({
            method: 'PUT',
            url: '/api/user/speaker-details',
            headers: as(id),
            payload: body,
          })
        ).statusCode,
      ).toBe(200);
    await details('spk-a', { ageRange: 'thirties', gender: 'female', accent: 'Ẹ̀kìtì, "Lagos"' });
    await details('donor-f', { ageRange: null, gender: 'male', accent: null });

    release = await askForRelease(db);
    await addRecording(db, { ...other, speakerId: 'spk-late', createdAt: new Date(Date.now() + 5_000) });

    // The service's own worker, as the publish call wakes it.
    speech.app.releaseWorker.kick();
    await speech.app.releaseWorker.idle();
    release = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;

    dir = tempDir('release-test-');
    const complete = release.artifacts.find((a) => a.name === 'complete.zip')!;
    writeTemp(dir, 'complete.zip', await readArtifact(db, complete.fileId));
    sh('unzip', ['-q', 'complete.zip', '-d', 'out'], dir);
    folder = join(dir, 'out', readdirSync(join(dir, 'out'))[0]!);
  }, 120_000);

  afterAll(async () => {
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const read = (name: string) => readFileSync(join(folder, name), 'utf8');
  /** One Common Voice table of every language folder, as one: the header, then every language's rows. */
  const cvTable = (name: string) => {
    const [header, ...rest] = LANGS.map((l) => tsv(read(`${l}/${name}`)));
    for (const other of rest) expect(other[0]).toEqual(header![0]);
    return [header![0]!, ...[header!, ...rest].flatMap((t) => t.slice(1))];
  };

  it('publishes with exact counts and hours, and the dataset shows the new version', async () => {
    expect(release.status).toBe('published');
    expect(release.progress).toBe(1);
    expect(release.lease).toBeUndefined();
    // 11 recordings (one of 19.98 s, ten of 3.96 s) and one donation's two sides (2 s and 1.5 s).
    expect(release.figures).toMatchObject({
      clips: 13,
      audioSeconds: 19.98 + 10 * 3.96 + 2 + 1.5,
      contributors: 6,
      sentences: 3,
      textPairs: 2,
    });
    expect(release.statistics!.validatedShare).toBeCloseTo(11 / 13);
    expect(release.statistics!.languages).toEqual([
      { key: 'yo', clips: 12, seconds: 19.98 + 10 * 3.96 + 1.5, speakers: 6 },
      { key: 'en', clips: 1, seconds: 2, speakers: 1 },
    ]);
    expect(release.statistics!.dialects).toEqual([
      { key: 'ekiti-yoruba', clips: 1, seconds: 1.5, speakers: 1 },
    ]);
    expect(release.statistics!.durations.reduce((n, b) => n + b.clips, 0)).toBe(13);
    expect(release.statistics!.durations[19]).toEqual({ from: 19, to: 20, clips: 1 });
    expect(release.audio).toMatchObject({
      format: 'WAV (16-bit PCM)',
      sampleRate: 16000,
      channels: 1,
      bitDepth: 16,
    });
    expect(release.audio!.meanSnrDb).toEqual(expect.any(Number));
    expect([...release.contributorIds!].sort()).toEqual([...Object.keys(SPEAKERS), 'donor-f'].sort());
    const dataset = await datasetCollections(db).datasets.findOne({ _id: release.datasetId });
    expect(dataset).toMatchObject({ latestVersion: 1, publishedAt: release.publishedAt });
  });

  it('writes Common Voice tables with its columns and speaker-disjoint splits of every clip', () => {
    const validated = cvTable('validated.tsv');
    expect(validated[0]).toEqual([...CV_COLUMNS]);
    expect(validated).toHaveLength(14);
    const bySplit = Object.fromEntries(
      (['train', 'dev', 'test'] as const).map((s) => {
        const rows = cvTable(`${s}.tsv`);
        expect(rows[0]).toEqual([...CV_COLUMNS]);
        return [s, rows.slice(1)];
      }),
    );
    const all = [...bySplit.train!, ...bySplit.dev!, ...bySplit.test!];
    expect(all.map((r) => r[1]).sort()).toEqual(
      validated
        .slice(1)
        .map((r) => r[1])
        .sort(),
    );
    expect(bySplit.train!.length).toBeGreaterThan(bySplit.dev!.length);
    expect(bySplit.dev!.length).toBeGreaterThan(0);
    expect(bySplit.test!.length).toBeGreaterThan(0);
    const speakersOf = (rows: string[][]) => new Set(rows.map((r) => r[0]));
    const [train, dev, test] = [
      speakersOf(bySplit.train!),
      speakersOf(bySplit.dev!),
      speakersOf(bySplit.test!),
    ];
    for (const id of train) expect(dev.has(id) || test.has(id)).toBe(false);
    for (const id of dev) expect(test.has(id)).toBe(false);
    // The donation's two sides: one speaker, locales en and yo, the dialect on the Yoruba side.
    const pair = validated.filter((r) => r[1]!.includes('_pair_'));
    expect(pair.map((r) => [r[11], r[10], r[3]])).toEqual([
      ['en', '', 'Good morning, teacher.'],
      ['yo', 'ekiti-yoruba', 'Ẹ káàárọ̀, olùkọ́.'],
    ]);
    expect(new Set(pair.map((r) => r[0])).size).toBe(1);
    const domains = new Set(validated.slice(1).map((r) => r[4]));
    expect(domains).toEqual(new Set(['health', 'general,health', '']));
    const durations = cvTable('clip_durations.tsv');
    expect(durations[0]).toEqual(['clip', 'duration[ms]']);
    expect(
      durations
        .slice(1)
        .map((r) => Number(r[1]))
        .sort((a, b) => a - b),
    ).toEqual([1500, 2000, ...Array(10).fill(3960), 19980]);
    const sentences = cvTable('validated_sentences.tsv');
    expect(sentences[0]).toEqual(CV_FILES['validated_sentences']);
    expect(
      sentences
        .slice(1)
        .map((r) => Number(r[6]))
        .sort(),
    ).toEqual([0, 4, 7]);
  });

  it('writes the Common Voice file set in each language folder, each column as stored, read as Common Voice scripts read it', async () => {
    const cv = readLikeCommonVoice(folder);
    for (const lang of LANGS) {
      for (const [name, columns] of Object.entries(CV_FILES))
        expect([lang, name, cv[lang]![name]!.header]).toEqual([lang, name, columns]);
    }
    const stored = testCollections(db);
    const recordingOf = async (path: string) =>
      (await stored.recordings.findOne({ _id: new ObjectId(/_([0-9a-f]{24})\.wav$/.exec(path)![1]!) }))!;
    const domainsOf = async (id: string) =>
      ((await stored.sentences.findOne({ _id: id }))?.domains ?? []).join(',');
    const validatedIds = new Set<string>();
    for (const lang of LANGS) {
      for (const row of cv[lang]!.validated!.rows) {
        validatedIds.add(row.client_id!);
        expect(row.locale).toBe(lang);
        if (row.path!.includes('_pair_')) continue;
        const r = await recordingOf(row.path!);
        expect(r.status).toBe('validated');
        expect([row.sentence_id, row.sentence, row.up_votes, row.down_votes, row.locale]).toEqual([
          r.sentenceId,
          r.sentenceText,
          String(r.yes),
          String(r.no),
          r.language,
        ]);
        expect(row.sentence_domain).toBe(await domainsOf(r.sentenceId));
      }
      // clip_durations lists exactly the clips of the folder.
      expect(cv[lang]!.clip_durations!.rows.map((r) => r.clip).sort()).toEqual(
        cv[lang]!.validated!.rows.map((r) => r.path).sort(),
      );
      expect(readdirSync(join(folder, lang, 'clips')).sort()).toEqual(
        cv[lang]!.validated!.rows.map((r) => r.path).sort(),
      );
    }
    // Rejected and undecided recordings, as stored: English here (the late one is past the cutoff).
    for (const [name, status, n] of [
      ['invalidated', 'invalidated', 2],
      ['other', 'undecided', 1],
    ] as const) {
      expect(cv.yo![name]!.rows).toEqual([]);
      const rows = cv.en![name]!.rows;
      expect(rows).toHaveLength(n);
      for (const row of rows) {
        const r = await recordingOf(row.path!);
        expect(r.status).toBe(status);
        expect(row).toEqual({
          client_id: expect.stringMatching(/^[0-9a-f]{64}$/),
          path: row.path,
          sentence_id: r.sentenceId,
          sentence: r.sentenceText,
          sentence_domain: await domainsOf(r.sentenceId),
          up_votes: String(r.yes),
          down_votes: String(r.no),
          age: '',
          gender: '',
          accents: '',
          variant: '',
          locale: 'en',
          segment: '',
        });
        expect(validatedIds.has(row.client_id!)).toBe(false);
      }
      expect(new Set(rows.map((r) => r.client_id)).size).toBe(n);
    }
    // One report before the cutoff; the later one is left out.
    const health = (await stored.sentences.findOne({ text: 'Ẹ kú iṣẹ́ o.' }))!;
    expect(cv.yo!.reported!.rows).toEqual([
      { sentence_id: health._id, sentence: 'Ẹ kú iṣẹ́ o.', locale: 'yo', reason: 'grammar' },
    ]);
    expect(cv.en!.reported!.rows).toEqual([]);
    // Sentences not approved: one pending (no status kept on its copy) and one the text service rejected.
    expect(
      cv.yo!.unvalidated_sentences!.rows.map((r) => [r.sentence, r.sentence_domain, r.status]).sort(),
    ).toEqual([
      ['Not yet validated.', '', ''],
      ['Ọ̀rọ̀ tí a kọ̀.', 'health', 'rejected'],
    ]);
    expect(cv.en!.unvalidated_sentences!.rows).toEqual([]);
    const approved = cv.yo!.validated_sentences!.rows;
    expect(approved.map((r) => [r.sentence, r.sentence_domain, r.is_used, r.clips_count]).sort()).toEqual([
      ['Ó dàbọ̀.', 'general,health', '1', '4'],
      ['Ẹ kú iṣẹ́ o.', 'health', '1', '7'],
    ]);
    // Splits are speaker-disjoint across every language folder.
    const speakers = (split: string) =>
      new Set(LANGS.flatMap((l) => cv[l]![split]!.rows.map((r) => r.client_id)));
    const [train, dev, test] = ['train', 'dev', 'test'].map(speakers);
    for (const id of train!) expect(dev!.has(id) || test!.has(id)).toBe(false);
    for (const id of dev!) expect(test!.has(id)).toBe(false);
  });

  it('writes a datasheet per language whose every figure is the one its tables hold', () => {
    const cv = readLikeCommonVoice(folder);
    /** The value of a row of a two-column or wider Markdown table, by its first cell. */
    const rowOf = (text: string, first: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`| ${first} |`));
      expect(line).toBeDefined();
      return line!
        .split('|')
        .slice(2, -1)
        .map((c) => c.trim());
    };
    /** The rows of the Markdown table under a heading. */
    const tableUnder = (text: string, heading: string) => {
      const after = text.slice(text.indexOf(`${heading}\n`) + heading.length + 1).split('\n');
      const start = after.findIndex((l) => l.startsWith('|'));
      const rows: string[][] = [];
      for (const l of after.slice(start + 2)) {
        if (!l.startsWith('|')) break;
        rows.push(
          l
            .split('|')
            .slice(1, -1)
            .map((c) => c.trim()),
        );
      }
      return rows;
    };
    const hours = (ms: number) => (ms / 3_600_000).toFixed(2);
    for (const lang of LANGS) {
      const sheet = read(`${lang}/README.md`);
      const t = cv[lang]!;
      const durations = new Map(t.clip_durations!.rows.map((r) => [r.clip!, Number(r['duration[ms]'])]));
      const msOf = (rows: Array<Record<string, string>>) =>
        rows.reduce((n, r) => n + durations.get(r.path!)!, 0);
      const speakers = (rows: Array<Record<string, string>>) => new Set(rows.map((r) => r.client_id)).size;
      const figure = (name: string) => rowOf(sheet, name)[0];
      expect(figure('validated clips (validated.tsv)')).toBe(String(t.validated!.rows.length));
      expect(figure('hours of validated audio')).toBe(hours(msOf(t.validated!.rows)));
      expect(figure('speakers')).toBe(String(speakers(t.validated!.rows)));
      expect(figure('sides of paired voice donations')).toBe(
        String(t.validated!.rows.filter((r) => r.up_votes === '').length),
      );
      for (const [label, name] of [
        ['recordings votes rejected (invalidated.tsv)', 'invalidated'],
        ['recordings votes had not decided (other.tsv)', 'other'],
        ['reports on sentences (reported.tsv)', 'reported'],
        ['approved sentences (validated_sentences.tsv)', 'validated_sentences'],
        ['sentences not approved (unvalidated_sentences.tsv)', 'unvalidated_sentences'],
      ] as const)
        expect([label, figure(label)]).toEqual([label, String(t[name]!.rows.length)]);
      expect(tableUnder(sheet, '## Splits')).toEqual(
        ['train', 'dev', 'test'].map((split) => [
          split,
          String(t[split]!.rows.length),
          hours(msOf(t[split]!.rows)),
          String(speakers(t[split]!.rows)),
        ]),
      );
      for (const [heading, column] of [
        ['### Age range', 'age'],
        ['### Gender', 'gender'],
        ['### Accent', 'accents'],
      ] as const) {
        const counted = new Map<string, { clips: number; ids: Set<string> }>();
        for (const r of t.validated!.rows) {
          const key = r[column] || '(not given)';
          const c = counted.get(key) ?? { clips: 0, ids: new Set<string>() };
          c.clips += 1;
          c.ids.add(r.client_id!);
          counted.set(key, c);
        }
        expect(
          tableUnder(sheet, heading)
            .map((r) => r.join('|'))
            .sort(),
        ).toEqual([...counted].map(([k, c]) => `${k}|${c.clips}|${c.ids.size}`).sort());
      }
      // The vote rule it states is the one the service applies, for every small count of votes.
      const [, minYes, margin] =
        /at least (\d+) listeners have said it matches its sentence and yes votes outnumber no votes by at least (\d+)/.exec(
          sheet,
        )!;
      const [, minNo] = /it is \*\*invalidated\*\* once at least (\d+)/.exec(sheet)!;
      for (let yes = 0; yes <= 8; yes++) {
        for (let no = 0; no <= 8; no++) {
          const claimed =
            yes >= Number(minYes) && yes - no >= Number(margin)
              ? 'validated'
              : no >= Number(minNo) && no > yes
                ? 'invalidated'
                : 'undecided';
          expect([yes, no, claimed]).toEqual([yes, no, recordingStatusFor(yes, no)]);
        }
      }
      expect(sheet).toContain(`version ${release.version}`);
      expect(sheet).toContain('CC BY 4.0');
      expect(sheet).toContain('## How to report a problem clip');
      expect(sheet).toContain(`/api/datasets/${release.datasetId}/releases/${release.version}`);
    }
    // Yoruba's tone-mark coverage, measured on its approved sentences and its clips' transcriptions.
    const yo = read('yo/README.md');
    const marked = (rows: Array<Record<string, string>>) =>
      rows.filter((r) => /[\u0300\u0301]/.test(r.sentence!.normalize('NFD'))).length;
    const sentences = cv.yo!.validated_sentences!.rows;
    expect(rowOf(yo, 'validated_sentences.tsv').slice(0, 2)).toEqual([
      String(sentences.length),
      `${marked(sentences)} (${((100 * marked(sentences)) / sentences.length).toFixed(1)}%)`,
    ]);
    const transcripts = cv.yo!.validated!.rows;
    expect(rowOf(yo, 'transcriptions in validated.tsv')[1]).toBe(
      `${marked(transcripts)} (${((100 * marked(transcripts)) / transcripts.length).toFixed(1)}%)`,
    );
    expect(read('en/README.md')).not.toContain('Tone marks');
  });

  it('holds a CITATION.cff (Citation File Format 1.2.0) that a YAML reader parses, with the release’s citation', async () => {
    const parsed = JSON.parse(
      sh('/usr/bin/python3', [
        '-c',
        'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding="utf-8")), default=str))',
        join(folder, 'CITATION.cff'),
      ]),
    ) as Record<string, unknown>;
    const url = `http://localhost:3000/api/datasets/${release.datasetId}/releases/1`;
    expect(parsed).toMatchObject({
      'cff-version': '1.2.0',
      type: 'dataset',
      title: 'Yorùbá Speech',
      version: '1',
      'date-released': release.publishedAt!.toISOString().slice(0, 10),
      authors: [{ name: 'The contributors of VoiceBank NG' }],
      license: 'CC-BY-4.0',
      url,
      'repository-artifact': `${url}/files/complete.zip`,
      identifiers: [expect.objectContaining({ type: 'url', value: url })],
    });
    // One citation text everywhere: the CFF message, the README, each datasheet and the manifest.
    const citation =
      `The contributors of VoiceBank NG (${release.publishedAt!.getUTCFullYear()}). Yorùbá Speech (version 1) ` +
      `[Data set]. VoiceBank NG. CC BY 4.0. ${url}`;
    expect(parsed.message).toContain(citation);
    expect(read('README.md')).toContain(`\n${citation}\n`);
    for (const lang of LANGS) expect(read(`${lang}/README.md`)).toContain(`\n${citation}\n`);
    const manifest = JSON.parse((await readArtifact(db, release.artifacts[0]!.fileId)).toString('utf8')) as {
      citation: string;
    };
    expect(manifest.citation).toBe(citation);
  });

  it('describes its files in croissant.json (Croissant 1.1): required properties, RAI fields, and hashes that match', () => {
    type Node = Record<string, unknown> & { '@type': string; '@id': string };
    const doc = JSON.parse(read('croissant.json')) as Record<string, unknown> & {
      '@context': Record<string, unknown>;
      distribution: Array<
        Node & { contentUrl?: string; sha256?: string; includes?: string; encodingFormat: string }
      >;
      recordSet: Array<
        Node & {
          field: Array<{
            name: string;
            dataType: string;
            source: {
              fileObject?: { '@id': string };
              fileSet?: { '@id': string };
              extract: { column?: string };
            };
          }>;
        }
      >;
    };
    // The properties Croissant 1.1 requires of every dataset, and the vocabularies its context must name.
    expect(doc['@context']).toMatchObject({
      '@vocab': 'http://schema.org/',
      sc: 'http://schema.org/',
      cr: 'http://mlcommons.org/croissant/',
      rai: 'http://mlcommons.org/croissant/RAI/',
      conformsTo: 'dct:conformsTo',
      citeAs: 'cr:citeAs',
    });
    expect(doc['@type']).toBe('sc:Dataset');
    expect(doc.conformsTo).toBe('http://mlcommons.org/croissant/1.1');
    expect(doc).toMatchObject({
      name: 'Yorùbá Speech',
      description: 'Read speech and donated pairs.',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      url: `http://localhost:3000/api/datasets/${release.datasetId}/releases/1`,
      version: '1.0.0',
      datePublished: release.publishedAt!.toISOString(),
      creator: { '@type': 'sc:Organization', name: 'The contributors of VoiceBank NG' },
      inLanguage: ['en', 'yo'],
    });
    expect(doc.citeAs).toMatch(/^@misc\{.+title = \{Yorùbá Speech\}/s);
    for (const rai of [
      'rai:dataCollection',
      'rai:dataAnnotationProtocol',
      'rai:dataBiases',
      'rai:personalSensitiveInformation',
      'rai:dataUseCases',
      'rai:dataLimitations',
    ])
      expect([rai, typeof doc[rai], (doc[rai] as string).length > 40]).toEqual([rai, 'string', true]);
    expect(doc['rai:dataBiases']).toContain('13 clips');
    expect(doc['rai:dataBiases']).toContain('from 6 speakers');

    // Every file but the clips (file sets), SHA256SUMS and croissant.json itself is a FileObject whose SHA-256
    // is the file's.
    const objects = doc.distribution.filter((d) => d['@type'] === 'cr:FileObject');
    const onDisk = sh('find', ['.', '-type', 'f'], folder)
      .trim()
      .split('\n')
      .map((p) => p.slice(2))
      .filter((p) => !p.includes('/clips/') && p !== 'SHA256SUMS' && p !== 'croissant.json')
      .sort();
    expect(objects.map((o) => o.contentUrl).sort()).toEqual(onDisk);
    for (const o of objects) {
      expect([o.contentUrl, o.sha256]).toEqual([
        o.contentUrl,
        sha(readFileSync(join(folder, o.contentUrl!))),
      ]);
      expect(o.encodingFormat).toMatch(/^[a-z]+\/[a-z.+-]+$/);
    }
    expect(objects.find((o) => o.contentUrl === 'yo/validated.tsv')!.encodingFormat).toBe(
      'text/tab-separated-values',
    );
    const sets = doc.distribution.filter((d) => d['@type'] === 'cr:FileSet');
    expect(sets.map((d) => [d['@id'], d.includes, d.encodingFormat])).toEqual([
      ['data/parquet', 'data/*.parquet', 'application/x-parquet'],
      ...LANGS.map((l) => [`${l}/clips`, `${l}/clips/*.wav`, 'audio/wav']),
    ]);
    // croissant.json itself is checked by SHA256SUMS.
    expect(read('SHA256SUMS')).toMatch(/^[0-9a-f]{64} {2}croissant\.json$/m);

    // Every record set field reads a resource the distribution lists, and a column its file has.
    const ids = new Set(doc.distribution.map((d) => d['@id']));
    for (const set of doc.recordSet) {
      for (const field of set.field) {
        const from = field.source.fileObject?.['@id'] ?? field.source.fileSet?.['@id'];
        expect([set['@id'], field.name, ids.has(from!)]).toEqual([set['@id'], field.name, true]);
        expect(field.dataType).toMatch(/^sc:(Text|Integer|AudioObject)$/);
        // The Parquet shards' columns are read back by releases-parquet.test.ts.
        if (field.source.extract.column && field.source.fileObject) {
          const header = from!.endsWith('.csv')
            ? read(from!).split('\r\n')[0]!.split(',')
            : read(from!).split('\n')[0]!.split('\t');
          expect(header).toContain(field.source.extract.column);
        }
      }
    }
    expect(doc.recordSet.map((r) => r['@id'])).toEqual(
      expect.arrayContaining(['yo/validated', 'yo/train', 'en/other', 'yo/clips', 'metadata']),
    );
  });

  it('carries the speakers’ details in the age, gender and accents columns, blank for those who gave none', () => {
    const rows = cvTable('validated.tsv').slice(1);
    const [age, gender, accents] = ['age', 'gender', 'accents'].map((c) =>
      (CV_COLUMNS as readonly string[]).indexOf(c),
    );
    const clipsOf = new Map<string, string[][]>();
    for (const r of rows) clipsOf.set(r[0]!, [...(clipsOf.get(r[0]!) ?? []), r]);
    // spk-a is the one speaker with four clips; donor-f gave the donation's two.
    const spkA = [...clipsOf.values()].find((c) => c.length === 4)!;
    const donorF = rows.filter((r) => r[1]!.includes('_pair_'));
    const details = (r: string[]) => [r[age!], r[gender!], r[accents!]];
    expect(new Set(spkA.map((r) => details(r).join('|')))).toEqual(
      new Set(['thirties|female|Ẹ̀kìtì, "Lagos"']),
    );
    expect(donorF.map(details)).toEqual([
      ['', 'male', ''],
      ['', 'male', ''],
    ]);
    const others = rows.filter((r) => !spkA.includes(r) && !donorF.includes(r));
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(details(r)).toEqual(['', '', '']);
    // metadata.csv carries them too, quoted as CSV needs.
    const csv = sh('/usr/bin/python3', [
      '-c',
      'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]+"/metadata.csv", newline=""))); ' +
        'print(sorted(set((x["age"], x["gender"], x["accents"]) for x in r)))',
      folder,
    ]);
    expect(csv.trim()).toBe(`[('', '', ''), ('', 'male', ''), ('thirties', 'female', 'Ẹ̀kìtì, "Lagos"')]`);
  });

  it('hashes speakers: no account id, name or e-mail leaves the platform', () => {
    const ids = new Set(
      cvTable('validated.tsv')
        .slice(1)
        .map((r) => r[0]!),
    );
    expect(ids.size).toBe(6);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{64}$/);
      expect(accounts).not.toContain(id);
      expect(accounts.some((a) => id === sha(Buffer.from(a)))).toBe(false);
    }
    expect(grepFiles('spk-|donor-|Name of', folder)).toEqual([]);
  });

  it('offers the same clips as a Hugging Face AudioFolder metadata.csv', () => {
    const lines = read('metadata.csv').trimEnd().split('\r\n');
    expect(lines[0]).toBe(METADATA_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(14);
    const parsed = sh('/usr/bin/python3', [
      '-c',
      'import csv,sys,os; r=list(csv.DictReader(open(sys.argv[1]+"/metadata.csv", newline=""))); ' +
        'assert all(os.path.exists(os.path.join(sys.argv[1], x["file_name"])) for x in r); ' +
        'print(len(r), sorted(set(x["split"] for x in r)))',
      folder,
    ]);
    expect(parsed.trim()).toBe("13 ['dev', 'test', 'train']");
  });

  it('writes the text as TSV and JSON Lines, a README, a LICENSE', () => {
    expect(tsv(read('text/text_pairs.tsv'))).toHaveLength(3);
    const pairs = read('text/text_pairs.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { english: string });
    expect(pairs.map((p) => p.english).sort()).toEqual(['Thank you.', 'Welcome, "friend", to the market']);
    expect(read('text/sentences.jsonl').trim().split('\n')).toHaveLength(3);
    expect(read('README.md')).toContain('13 clips, 0.02 hours of audio, from 6 speakers');
    expect(read('README.md')).toContain('sha256sum -c SHA256SUMS');
    expect(read('LICENSE')).toContain('CC BY 4.0');
  });

  it('writes WAV 16-bit PCM mono at 16 kHz that sox reads, with the measured durations', () => {
    const clips = LANGS.flatMap((l) => readdirSync(join(folder, l, 'clips')).map((c) => join(l, 'clips', c)));
    expect(clips).toHaveLength(13);
    for (const clip of clips) {
      const path = join(folder, clip);
      expect(sh('soxi', ['-r', path]).trim()).toBe('16000');
      expect(sh('soxi', ['-c', path]).trim()).toBe('1');
      expect(sh('soxi', ['-b', path]).trim()).toBe('16');
      expect(sh('soxi', ['-e', path]).trim()).toBe('Signed Integer PCM');
    }
    const long = tsv(read('yo/clip_durations.tsv')).find((r) => r[1] === '19980')!;
    expect(Number(sh('soxi', ['-D', join(folder, 'yo', 'clips', long[0]!)]))).toBeCloseTo(19.98, 3);
  });

  it('lists every file in SHA256SUMS (sha256sum -c passes) and stores each artifact with its own checksum', async () => {
    expect(sh('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], folder)).toBe('');
    const listed = read('SHA256SUMS').trim().split('\n').length;
    expect(listed).toBe(release.figures!.files - 1);
    expect(release.artifacts.map((a) => a.name)).toEqual(['metadata.json', 'audio.zip', 'complete.zip']);
    for (const artifact of release.artifacts) {
      const bytes = await readArtifact(db, artifact.fileId);
      expect(bytes.length).toBe(artifact.bytes);
      expect(sha(bytes)).toBe(artifact.sha256);
    }
    expect(release.figures!.bytes).toBe(release.artifacts.find((a) => a.name === 'complete.zip')!.bytes);
    const manifest = JSON.parse((await readArtifact(db, release.artifacts[0]!.fileId)).toString('utf8')) as {
      version: number;
      artifacts: Array<{ name: string; sha256: string }>;
      files: unknown[];
    };
    expect(manifest.version).toBe(1);
    expect(manifest.artifacts).toEqual([
      expect.objectContaining({ name: 'complete.zip', sha256: release.artifacts[2]!.sha256 }),
      expect.objectContaining({ name: 'audio.zip', sha256: release.artifacts[1]!.sha256 }),
    ]);
    expect(manifest.files).toHaveLength(release.figures!.files);
  });

  it('writes ZIPs that Debian unzip and Python zipfile both read; the audio ZIP holds the clips only', async () => {
    const audio = release.artifacts.find((a) => a.name === 'audio.zip')!;
    writeTemp(dir, 'audio.zip', await readArtifact(db, audio.fileId));
    for (const name of ['complete.zip', 'audio.zip']) {
      expect(sh('unzip', ['-tq', name], dir)).toMatch(/No errors detected/);
      const check = sh(
        '/usr/bin/python3',
        [
          '-c',
          'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.namelist()))',
          name,
        ],
        dir,
      );
      expect(check.trim()).toBe(`None ${name === 'audio.zip' ? 13 : release.figures!.files}`);
    }
    const names = sh('unzip', ['-Z1', 'audio.zip'], dir).trim().split('\n');
    expect(names.every((n) => /^(en|yo)\/clips\/.+\.wav$/.test(n))).toBe(true);
  });

  it('stays as it was when votes come after publishing', async () => {
    const before = await Promise.all(release.artifacts.map((a) => readArtifact(db, a.fileId)));
    for (const voter of ['v1', 'v2']) {
      const res = await speech.app.inject({
        method: 'POST',
        url: `/api/recordings/${undecided}/validate`,
        headers: as(voter),
        payload: { isValid: true },
      });
      expect(res.statusCode).toBe(200);
    }
    // 11 in the release, the one made after it was asked for, and the one just validated.
    expect((await selectionCounts(speech.stores, ALL_SOURCES)).recordings).toBe(13);
    const after = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect(after.statistics).toEqual(release.statistics);
    expect(after.figures).toEqual(release.figures);
    const now = await Promise.all(after.artifacts.map((a) => readArtifact(db, a.fileId)));
    now.forEach((bytes, i) => expect(sha(bytes)).toBe(sha(before[i]!)));
  });
});

describe('release selection and the worker', () => {
  let speech: SpeechHarness;
  let db: Db;
  const quiet = (): FastifyBaseLogger & { published: string[] } => {
    const published: string[] = [];
    const log = {
      published,
      info: (obj: { version?: number; datasetId?: string }, msg?: string) => {
        if (msg === 'release published') published.push(`${obj.datasetId}:${obj.version}`);
      },
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
      trace: () => undefined,
      fatal: () => undefined,
      child: () => log,
      level: 'info',
      silent: () => undefined,
    };
    return log as unknown as FastifyBaseLogger & { published: string[] };
  };
  const releaseFiles = () => db.collection(`${RELEASE_BUCKET}.files`).countDocuments();
  const releaseChunks = () => db.collection(`${RELEASE_BUCKET}.chunks`).countDocuments();

  beforeAll(async () => {
    // The service's own worker stays idle: these tests run workers of their own.
    const inert: ReleaseWorker = {
      kick: () => undefined,
      idle: async () => undefined,
      stop: async () => undefined,
    };
    speech = await startSpeech({ createReleaseWorker: () => inert });
    db = speech.app.database!.db;
    const take = await storeAudio(db, chromiumWebm('speech'));
    const yo = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo', ['health']);
    const en = await addSentence(db, 'Good evening.', 'en', ['general']);
    for (const speakerId of ['a', 'b', 'c']) {
      await addRecording(db, { speakerId, sentenceId: yo, text: 'Ẹ kú iṣẹ́ o.', language: 'yo', audio: take });
    }
    await addRecording(db, {
      speakerId: 'd',
      sentenceId: en,
      text: 'Good evening.',
      language: 'en',
      audio: take,
    });
  }, 60_000);
  afterAll(async () => speech?.close());

  it('counts what a release of given sources would hold now, by language and domain', async () => {
    expect(await selectionCounts(speech.stores, ALL_SOURCES)).toEqual({
      recordings: 4,
      audioPairs: 0,
      sentences: 2,
      textPairs: 0,
    });
    expect(await selectionCounts(speech.stores, { ...ALL_SOURCES, languages: ['en'] })).toMatchObject({
      recordings: 1,
      sentences: 1,
    });
    expect(await selectionCounts(speech.stores, { ...ALL_SOURCES, domains: ['health'] })).toMatchObject({
      recordings: 3,
      sentences: 1,
    });
    expect(await selectionCounts(speech.stores, { ...ALL_SOURCES, include: ['text-pairs'] })).toEqual({
      recordings: 0,
      audioPairs: 0,
      sentences: 0,
      textPairs: 0,
    });
  });

  it('never builds one release twice, whatever the number of workers', async () => {
    const releases = [await askForRelease(db, { name: 'One' }), await askForRelease(db, { name: 'Two' })];
    const logs = [quiet(), quiet()];
    const workers = logs.map((log) => createReleaseWorker({ stores: speech.stores, log, pollMs: 60_000 }));
    workers.forEach((w) => w.kick());
    await Promise.all(workers.map((w) => w.idle()));
    await Promise.all(workers.map((w) => w.stop()));
    const published = [...logs[0]!.published, ...logs[1]!.published].sort();
    expect(published).toEqual(releases.map((r) => `${r.datasetId}:1`).sort());
    const stored = await datasetCollections(db)
      .releases.find({ _id: { $in: releases.map((r) => r._id) } })
      .toArray();
    expect(stored.map((r) => r.status)).toEqual(['published', 'published']);
    // Three artifacts each and nothing else.
    expect(await releaseFiles()).toBe(6);
  });

  it('leaves no file behind when a build fails, and says why', async () => {
    const files = await releaseFiles();
    const chunks = await releaseChunks();
    // A text pair the copy could never hold: writing the tables fails after the audio was stored.
    await db
      .collection('text_pairs')
      .insertOne({ _id: 'broken' as never, approved: true, source_lang_text: 7 });
    const release = await askForRelease(db, { name: 'Broken' });
    const worker = createReleaseWorker({ stores: speech.stores, log: quiet(), pollMs: 60_000 });
    await worker.idle();
    await worker.stop();
    const failed = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.lease).toBeUndefined();
    expect(await releaseFiles()).toBe(files);
    expect(await releaseChunks()).toBe(chunks);
    expect(await db.collection('release_build_files').countDocuments()).toBe(0);
    await db.collection('text_pairs').deleteOne({ _id: 'broken' as never });
  });

  it('stops when storing its archive fails, says why and leaves no file behind', async () => {
    const files = await releaseFiles();
    const chunks = await releaseChunks();
    const release = await askForRelease(db, { name: 'Disk Full' });
    const real = speech.stores.datasets;
    // The complete archive's store refuses its bytes once the first clips are in.
    const releaseBucket = () => {
      const bucket = real.releaseBucket();
      const open: typeof bucket.openUploadStreamWithId = (id, name, options) => {
        const upload = bucket.openUploadStreamWithId(id, name, options);
        if (name !== 'disk-full-v1.zip') return upload;
        let stored = 0;
        const failing = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            stored += chunk.length;
            if (stored > 100_000) callback(new Error('the store is full'));
            else upload.write(chunk, callback);
          },
          final: (callback) => upload.end(callback),
        });
        return failing as unknown as ReturnType<typeof bucket.openUploadStreamWithId>;
      };
      return Object.assign(Object.create(bucket) as typeof bucket, { openUploadStreamWithId: open });
    };
    const worker = createReleaseWorker({
      stores: { ...speech.stores, datasets: { ...real, releaseBucket } },
      log: quiet(),
      pollMs: 60_000,
    });
    await worker.idle();
    await worker.stop();
    const failed = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect([failed.status, failed.error]).toEqual(['failed', 'the store is full']);
    expect(await releaseFiles()).toBe(files);
    expect(await releaseChunks()).toBe(chunks);
    expect(await db.collection('release_build_files').countDocuments()).toBe(0);
  });

  it('redoes from scratch a build whose worker died, once its lease has expired', async () => {
    const release = await askForRelease(db, { name: 'Interrupted' });
    const { releases } = datasetCollections(db);
    await releases.updateOne(
      { _id: release._id },
      { $set: { lease: { owner: 'dead-process', until: new Date(Date.now() + 60_000) }, progress: 0.4 } },
    );
    // What the dead build had written: a chunk of an unfinished file, noted as started.
    const leftover = new (await import('mongodb')).ObjectId();
    await db
      .collection('release_build_files')
      .insertOne({ _id: leftover, releaseId: release._id, createdAt: new Date() });
    await db
      .collection(`${RELEASE_BUCKET}.chunks`)
      .insertOne({ files_id: leftover, n: 0, data: Buffer.from('x') });

    const worker = createReleaseWorker({ stores: speech.stores, log: quiet(), pollMs: 60_000 });
    await worker.idle();
    expect((await releases.findOne({ _id: release._id }))!.status).toBe('building'); // still held
    await releases.updateOne({ _id: release._id }, { $set: { 'lease.until': new Date(Date.now() - 1) } });
    worker.kick();
    await worker.idle();
    await worker.stop();
    const done = (await releases.findOne({ _id: release._id }))!;
    expect(done.status).toBe('published');
    expect(await db.collection(`${RELEASE_BUCKET}.chunks`).countDocuments({ files_id: leftover })).toBe(0);
  });
});
