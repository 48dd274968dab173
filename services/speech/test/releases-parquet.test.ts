import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from 'mongodb';
// A second, independent Parquet implementation (the builder writes with hyparquet-writer).
import { ParquetReader } from '@dsnp/parquetjs';
import type { ReleaseSplit } from '@platform/contracts';
import type { ReleaseDoc } from '../src/datasets/store';
import { ParquetShards, fileSink, type ParquetClip } from '../src/datasets/release-build/parquet-shards';
import { datasetCollections } from './support/collections';
import { as, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';
import {
  addAudioPair,
  addRecording,
  addSentence,
  askForRelease,
  readArtifact,
  sh,
  storeAudio,
  tempDir,
  writeTemp,
} from './support/releases';

/** Small bounds, so that a release of a few clips is cut into several shards of several row groups. */
const SHARD_BYTES = 400_000;
const ROW_GROUP_BYTES = 150_000;
const SPEAKERS = { 'spk-a': 5, 'spk-b': 3, 'spk-c': 2, 'spk-d': 2, 'spk-e': 1, 'spk-f': 1 } as const;
const LANGS = ['en', 'yo'] as const;
const SPLITS = ['train', 'dev', 'test'] as const;
const SHARD_NAME = /^(train|dev|test)-(\d{5})-of-(\d{5})\.parquet$/;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tsv = (text: string) => {
  // Only the final newline goes: a row's last column may be empty.
  const [header, ...rows] = text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.split('\t'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
};

interface ShardRow {
  client_id: string;
  audio: { bytes: Buffer; path: string };
  sentence_id: string;
  sentence: string;
  sentence_domain: string;
  up_votes?: number | null;
  down_votes?: number | null;
  age: string;
  gender: string;
  accents: string;
  variant: string;
  language: string;
  split: string;
  duration_ms: number;
}

interface ReadShard {
  name: string;
  bytes: number;
  rowGroups: number;
  rows: ShardRow[];
  metadata: Record<string, string>;
  fields: Record<string, { primitiveType?: string; originalType?: string; fields?: Record<string, unknown> }>;
}

async function readShard(path: string): Promise<Omit<ReadShard, 'name' | 'bytes'>> {
  const reader = await ParquetReader.openFile(path);
  try {
    const rows: ShardRow[] = [];
    const cursor = reader.getCursor();
    for (let row = await cursor.next(); row; row = await cursor.next()) rows.push(row as ShardRow);
    return {
      rows,
      rowGroups: reader.metadata!.row_groups.length,
      metadata: reader.getMetadata() as Record<string, string>,
      fields: reader.getSchema().fields as ReadShard['fields'],
    };
  } finally {
    await reader.close();
  }
}

describe('a release carries its clips as Parquet shards that another reader reads back as the TSVs and WAVs', () => {
  let speech: SpeechHarness;
  let db: Db;
  let release: ReleaseDoc;
  let dir: string;
  let folder: string;
  const shards: ReadShard[] = [];

  beforeAll(async () => {
    speech = await startSpeech({
      releaseWorkerOptions: { parquet: { shardBytes: SHARD_BYTES, rowGroupBytes: ROW_GROUP_BYTES } },
    });
    db = speech.app.database!.db;
    const take = await storeAudio(db, chromiumWebm('speech'));
    const longTake = await storeAudio(db, chromiumWebm('long'));
    const health = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo', ['health']);
    const general = await addSentence(db, 'Ó dàbọ̀.', 'yo', ['general', 'health']);
    let first = true;
    for (const [speakerId, n] of Object.entries(SPEAKERS)) {
      for (let i = 0; i < n; i++) {
        await addRecording(db, {
          speakerId,
          sentenceId: i % 2 ? general : health,
          text: i % 2 ? 'Ó dàbọ̀.' : 'Ẹ kú iṣẹ́ o.',
          language: 'yo',
          // One clip bigger than a shard's bound: it has a shard of its own.
          audio: first ? longTake : take,
        });
        first = false;
      }
    }
    // A donation: its votes are empty in the TSVs, null in the shards.
    await addAudioPair(db, {
      donorId: 'donor-f',
      dialect: 'ekiti-yoruba',
      source: await storeAudio(db, wav({ seconds: 2, rate: 16000 })),
      target: await storeAudio(db, wav({ seconds: 1.5, rate: 16000 })),
    });
    const details = await speech.app.inject({
      method: 'PUT',
      url: '/api/user/speaker-details',
      headers: as('spk-a'),
      payload: { ageRange: 'thirties', gender: 'female', accent: 'Ẹ̀kìtì, "Lagos"' },
    });
    expect(details.statusCode).toBe(200);

    release = await askForRelease(db);
    speech.app.releaseWorker.kick();
    await speech.app.releaseWorker.idle();
    release = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect(release.status).toBe('published');

    dir = tempDir('release-parquet-test-');
    const complete = release.artifacts.find((a) => a.name === 'complete.zip')!;
    writeTemp(dir, 'complete.zip', await readArtifact(db, complete.fileId));
    sh('unzip', ['-q', 'complete.zip', '-d', 'out'], dir);
    folder = join(dir, 'out', readdirSync(join(dir, 'out'))[0]!);
    for (const name of readdirSync(join(folder, 'data')).sort()) {
      const path = join(folder, 'data', name);
      shards.push({ name, bytes: statSync(path).size, ...(await readShard(path)) });
    }
  }, 180_000);

  afterAll(async () => {
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const read = (name: string) => readFileSync(join(folder, name), 'utf8');

  it('names the shards <split>-NNNNN-of-MMMMM, numbered from 0 to the count of its split', () => {
    expect(shards.length).toBeGreaterThan(0);
    const bySplit = new Map<string, number[]>();
    for (const s of shards) {
      const m = SHARD_NAME.exec(s.name);
      expect([s.name, m !== null]).toEqual([s.name, true]);
      const [, split, index, count] = m!;
      bySplit.set(split!, [...(bySplit.get(split!) ?? []), Number(index)]);
      expect(Number(count)).toBe(shards.filter((t) => t.name.startsWith(`${split}-`)).length);
    }
    for (const [, indexes] of bySplit) expect(indexes).toEqual(indexes.map((_, i) => i));
    // A split has shards exactly when its TSVs have rows.
    for (const split of SPLITS) {
      const rows = LANGS.flatMap((l) => tsv(read(`${l}/${split}.tsv`))).length;
      expect([split, bySplit.has(split)]).toEqual([split, rows > 0]);
    }
  });

  it('keeps every shard under the size bound, cutting a split into several shards of several row groups', () => {
    for (const s of shards) {
      // Only a shard of one clip bigger than the bound by itself may pass it.
      const alone = s.rows.length === 1 && s.rows[0]!.audio.bytes.length > SHARD_BYTES;
      expect([s.name, s.bytes <= SHARD_BYTES || alone]).toEqual([s.name, true]);
    }
    expect(shards.some((s) => s.rows.length === 1 && s.bytes > SHARD_BYTES)).toBe(true);
    expect(SPLITS.some((split) => shards.filter((s) => s.name.startsWith(`${split}-`)).length > 1)).toBe(
      true,
    );
    expect(shards.some((s) => s.rowGroups > 1)).toBe(true);
    // Full shards come close to the bound: the writer does not cut early.
    const full = shards.filter((s) => s.rows.length > 1 && s.bytes <= SHARD_BYTES);
    expect(full.some((s) => s.bytes > SHARD_BYTES / 2)).toBe(true);
  });

  it('holds every validated clip once, each row and its audio bytes as the TSVs and WAVs of the archive have them', () => {
    const validated = LANGS.flatMap((l) => tsv(read(`${l}/validated.tsv`)));
    const rows = shards.flatMap((s) => s.rows.map((row) => ({ row, shard: s.name })));
    expect(rows.map((r) => r.row.audio.path).sort()).toEqual(validated.map((r) => r.path).sort());
    for (const lang of LANGS) {
      const durations = new Map(
        tsv(read(`${lang}/clip_durations.tsv`)).map((r) => [r.clip!, Number(r['duration[ms]'])]),
      );
      for (const split of SPLITS) {
        for (const t of tsv(read(`${lang}/${split}.tsv`))) {
          const found = rows.find((r) => r.row.audio.path === t.path)!;
          const { row, shard } = found;
          expect(shard.startsWith(`${split}-`)).toBe(true);
          const votes = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
          expect({
            client_id: row.client_id,
            path: row.audio.path,
            sentence_id: row.sentence_id,
            sentence: row.sentence,
            sentence_domain: row.sentence_domain,
            up_votes: votes(row.up_votes),
            down_votes: votes(row.down_votes),
            age: row.age,
            gender: row.gender,
            accents: row.accents,
            variant: row.variant,
            locale: row.language,
            segment: '',
          }).toEqual(t);
          expect([row.split, row.duration_ms]).toEqual([split, durations.get(t.path!)]);
          const clip = readFileSync(join(folder, lang, 'clips', t.path!));
          expect([t.path, Buffer.compare(Buffer.from(row.audio.bytes), clip)]).toEqual([t.path, 0]);
        }
      }
    }
    // The donation's sides have no votes: null in the shards, not 0.
    const pair = rows.filter((r) => r.row.audio.path.includes('_pair_'));
    expect(pair).toHaveLength(2);
    for (const { row } of pair) expect([row.up_votes ?? null, row.down_votes ?? null]).toEqual([null, null]);
    expect(rows.find((r) => r.row.age === 'thirties')!.row.accents).toBe('Ẹ̀kìtì, "Lagos"');
  });

  it('types the columns, audio as the {bytes, path} struct and features that Hugging Face datasets reads', () => {
    for (const s of shards) {
      expect(Object.keys(s.fields)).toEqual([
        'client_id',
        'audio',
        'sentence_id',
        'sentence',
        'sentence_domain',
        'up_votes',
        'down_votes',
        'age',
        'gender',
        'accents',
        'variant',
        'language',
        'split',
        'duration_ms',
      ]);
      const audio = s.fields.audio!.fields as Record<
        string,
        { primitiveType: string; originalType?: string }
      >;
      expect(Object.keys(audio)).toEqual(['bytes', 'path']);
      expect([audio.bytes!.primitiveType, audio.bytes!.originalType]).toEqual(['BYTE_ARRAY', undefined]);
      expect([audio.path!.primitiveType, audio.path!.originalType]).toEqual(['BYTE_ARRAY', 'UTF8']);
      for (const name of ['up_votes', 'down_votes', 'duration_ms'])
        expect([name, s.fields[name]!.primitiveType]).toEqual([name, 'INT32']);
      expect(s.fields.sentence!.originalType).toBe('UTF8');
      const features = (
        JSON.parse(s.metadata.huggingface!) as { info: { features: Record<string, Record<string, unknown>> } }
      ).info.features;
      expect(features.audio).toEqual({ sampling_rate: 16000, _type: 'Audio' });
      expect(features.duration_ms).toEqual({ dtype: 'int32', _type: 'Value' });
      expect(features.sentence).toEqual({ dtype: 'string', _type: 'Value' });
      expect(Object.keys(features)).toEqual(Object.keys(s.fields));
    }
  });

  it('lists every shard with its SHA-256 in SHA256SUMS and croissant.json, and their fields with their types', () => {
    expect(sh('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], folder)).toBe('');
    const sums = read('SHA256SUMS');
    for (const s of shards) expect(sums).toContain(`  data/${s.name}\n`);
    type Field = { name: string; dataType: string; source: { fileSet?: { '@id': string } } };
    const doc = JSON.parse(read('croissant.json')) as {
      distribution: Array<Record<string, string>>;
      recordSet: Array<{ '@id': string; field: Field[] }>;
    };
    for (const s of shards) {
      const listed = doc.distribution.find((d) => d.contentUrl === `data/${s.name}`)!;
      expect(listed).toMatchObject({
        '@type': 'cr:FileObject',
        encodingFormat: 'application/x-parquet',
        contentSize: `${s.bytes} B`,
        sha256: sha(readFileSync(join(folder, 'data', s.name))),
      });
    }
    const set = doc.distribution.find((d) => d['@type'] === 'cr:FileSet' && d.includes === 'data/*.parquet')!;
    expect(set.encodingFormat).toBe('application/x-parquet');
    const records = doc.recordSet.find((r) => r['@id'] === 'data')!;
    const typeOf = (f: ReadShard['fields'][string]) =>
      f.fields ? 'sc:AudioObject' : f.primitiveType === 'INT32' ? 'sc:Integer' : 'sc:Text';
    expect(records.field.map((f) => [f.name, f.dataType, f.source.fileSet?.['@id']])).toEqual(
      Object.entries(shards[0]!.fields).map(([name, f]) => [name, typeOf(f), set['@id']]),
    );
  });
});

describe('the Parquet shard writer, on clips of several megabytes', () => {
  const clip = (i: number, split: ReleaseSplit, bytes: number): ParquetClip => ({
    row: {
      path: `clip_${i}.wav`,
      client_id: `speaker-${i % 3}`,
      sentence_id: `s${i}`,
      sentence: `Gbólóhùn ${i}`,
      sentence_domain: '',
      up_votes: String(i),
      down_votes: '0',
      variant: '',
      locale: 'yo',
      age: '',
      gender: '',
      accents: '',
      split,
      durationMs: i * 10,
    },
    // Bytes no two clips share, so a clip read back in another's place shows.
    wav: Buffer.alloc(bytes, i),
  });

  it('keeps every shard under its bound and every clip’s bytes, and leaves no temporary file', async () => {
    const bound = 10_000_000;
    const writer = await ParquetShards.create({ shardBytes: bound, rowGroupBytes: 4_000_000 }, 16000);
    const clips = Array.from({ length: 14 }, (_, i) => clip(i, i % 7 === 6 ? 'dev' : 'train', 1_500_000 + i));
    for (const c of clips) await writer.add(c);
    const written = await writer.finish();
    try {
      expect(written.map((s) => s.path)).toEqual([
        'data/train-00000-of-00002.parquet',
        'data/train-00001-of-00002.parquet',
        'data/dev-00000-of-00001.parquet',
      ]);
      const back: ShardRow[] = [];
      for (const s of written) {
        expect(statSync(s.file).size).toBe(s.bytes);
        expect(s.bytes).toBeLessThanOrEqual(bound);
        expect(sha(readFileSync(s.file))).toBe(s.sha256);
        const { rows, rowGroups } = await readShard(s.file);
        // Two clips fill a row group.
        expect(rowGroups).toBe(Math.ceil(s.rows / 2));
        expect(rows).toHaveLength(s.rows);
        back.push(...rows);
      }
      // A full shard comes within a row group of its bound.
      expect(written[0]!.bytes).toBeGreaterThan(bound - 4_000_000);
      expect(back.map((r) => r.audio.path).sort()).toEqual(clips.map((c) => c.row.path).sort());
      for (const c of clips) {
        const row = back.find((r) => r.audio.path === c.row.path)!;
        expect([c.row.path, Buffer.compare(Buffer.from(row.audio.bytes), c.wav), row.up_votes]).toEqual([
          c.row.path,
          0,
          Number(c.row.up_votes),
        ]);
      }
    } finally {
      await writer.discard();
    }
    expect(existsSync(writer.dir)).toBe(false);
  });

  it('waits for its file to drain after each row group without piling up listeners on it', async () => {
    const dir = tempDir('parquet-sink-');
    try {
      const out = createWriteStream(join(dir, 'shard.parquet'));
      const hash = createHash('sha256');
      const sink = fileSink(out, hash);
      const bytes = Buffer.alloc(200_000, 7);
      // Each row group more than the file stream buffers before it asks to wait.
      for (let i = 0; i < 30; i++) {
        sink.appendBytes(bytes);
        await sink.flush!();
      }
      // Past ten, Node warns of a leak (MaxListenersExceededWarning) on a shard of many row groups.
      expect([out.listenerCount('error'), out.listenerCount('drain')]).toEqual([1, 0]);
      await sink.finish();
      expect(statSync(join(dir, 'shard.parquet')).size).toBe(30 * 200_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
