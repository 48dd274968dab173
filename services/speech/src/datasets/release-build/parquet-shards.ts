import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ByteWriter,
  ParquetWriter,
  type ColumnSource,
  type SchemaElement,
  type Writer,
} from 'hyparquet-writer';
import { RELEASE_SPLITS, type ReleaseSplit } from '@platform/contracts';
import type { ClipRow } from './tables';

/** How big a shard and a row group may grow. */
export interface ParquetShardOptions {
  /** A shard's size bound in bytes (a shard holds at least one row, even one bigger than this). */
  shardBytes: number;
  /** Audio and text held before a row group is encoded: the writer's memory per split. */
  rowGroupBytes: number;
}

/** The size Hugging Face's own uploads cap shards at; about 25 five-second clips per row group. */
export const DEFAULT_PARQUET_OPTIONS: ParquetShardOptions = {
  shardBytes: 500_000_000,
  rowGroupBytes: 4 * 1024 * 1024,
};

/** One row of a shard: a clip's row as the TSVs give it, with its WAV. */
export interface ParquetClip {
  row: ClipRow;
  wav: Buffer;
}

/** A finished shard: its name in the release, where it waits on disk, its size and SHA-256. */
export interface ParquetShard {
  path: string;
  file: string;
  bytes: number;
  sha256: string;
  rows: number;
}

type FieldType = 'string' | 'int32';

/**
 * The columns of a shard, in order, with the Common Voice column they come from. `audio` is the struct
 * {bytes, path} that the `datasets` Audio feature reads.
 */
export const PARQUET_FIELDS: ReadonlyArray<{ name: string; type: FieldType | 'audio'; description: string }> =
  [
    { name: 'client_id', type: 'string', description: 'The speaker, hashed as in the TSVs.' },
    { name: 'audio', type: 'audio', description: 'The clip: its WAV bytes and file name.' },
    { name: 'sentence_id', type: 'string', description: 'The sentence read.' },
    { name: 'sentence', type: 'string', description: 'The text read.' },
    { name: 'sentence_domain', type: 'string', description: 'The sentence’s domains, comma-separated.' },
    { name: 'up_votes', type: 'int32', description: 'Yes votes (null for a donation).' },
    { name: 'down_votes', type: 'int32', description: 'No votes (null for a donation).' },
    { name: 'age', type: 'string', description: 'Age range as the speaker gave it.' },
    { name: 'gender', type: 'string', description: 'Gender as the speaker gave it.' },
    { name: 'accents', type: 'string', description: 'Accent as the speaker gave it.' },
    { name: 'variant', type: 'string', description: 'The dialect of a donation’s Yoruba side.' },
    { name: 'language', type: 'string', description: 'The clip’s language (the TSVs’ locale).' },
    { name: 'split', type: 'string', description: 'train, dev or test (speaker-disjoint).' },
    { name: 'duration_ms', type: 'int32', description: 'The clip’s duration in milliseconds.' },
  ];

const votes = (v: string) => (v === '' ? null : Number(v));

/** Each column's values for a batch of clips. */
function columnValues(name: string, clips: readonly ParquetClip[]): unknown[] {
  switch (name) {
    case 'audio':
      return clips.map((c) => ({ bytes: c.wav, path: c.row.path }));
    case 'up_votes':
      return clips.map((c) => votes(c.row.up_votes));
    case 'down_votes':
      return clips.map((c) => votes(c.row.down_votes));
    case 'language':
      return clips.map((c) => c.row.locale);
    case 'duration_ms':
      return clips.map((c) => c.row.durationMs);
    default:
      return clips.map((c) => c.row[name as keyof ClipRow]);
  }
}

// Every field optional, as pyarrow writes them, so `datasets` casts a shard to its features as it casts its own.
const text = (name: string): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  converted_type: 'UTF8',
  logical_type: { type: 'STRING' },
  repetition_type: 'OPTIONAL',
});
const SCHEMA: SchemaElement[] = [
  { name: 'schema', num_children: PARQUET_FIELDS.length },
  ...PARQUET_FIELDS.flatMap((f): SchemaElement[] =>
    f.type === 'audio'
      ? [
          { name: f.name, repetition_type: 'OPTIONAL', num_children: 2 },
          { name: 'bytes', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
          text('path'),
        ]
      : f.type === 'int32'
        ? [{ name: f.name, type: 'INT32', repetition_type: 'OPTIONAL' }]
        : [text(f.name)],
  ),
];
const LEAF_COLUMNS = PARQUET_FIELDS.length + 1;

/**
 * The features `datasets` reads from a Parquet file's `huggingface` metadata: with them `load_dataset("parquet")`
 * gives `audio` as an Audio feature (decoded on access) instead of a plain struct.
 */
function huggingFaceFeatures(sampleRate: number): string {
  const features: Record<string, object> = {};
  for (const f of PARQUET_FIELDS) {
    features[f.name] =
      f.type === 'audio'
        ? { sampling_rate: sampleRate, _type: 'Audio' }
        : { dtype: f.type === 'int32' ? 'int32' : 'string', _type: 'Value' };
  }
  return JSON.stringify({ info: { features } });
}

/** What a row adds to a row group before encoding: its values and their length prefixes and levels. */
function rowBytes(c: ParquetClip): number {
  let n = c.wav.length + 16 * 8;
  for (const s of [c.row.path, c.row.client_id, c.row.sentence_id, c.row.sentence, c.row.sentence_domain])
    n += Buffer.byteLength(s);
  for (const s of [c.row.age, c.row.gender, c.row.accents, c.row.variant, c.row.locale, c.row.split])
    n += Buffer.byteLength(s);
  return n;
}

const PAGE_BYTES = 1024 * 1024;

/** A row group's own bytes beyond its values: page headers, levels, its column chunks in the footer. */
const groupOverhead = (valueBytes: number) =>
  LEAF_COLUMNS * 512 + (Math.ceil(valueBytes / PAGE_BYTES) + 1) * 128;

/** Encoded bytes held before they are handed to the file. */
const SINK_CHUNK_BYTES = 1024 * 1024;

/**
 * A Parquet writer's byte sink that hands its bytes to a file a megabyte at a time as a row group is encoded
 * (its buffer never grows to a row group's size, and three splits keep three buffers), then waits at the end of
 * each row group until the file has drained.
 */
export function fileSink(out: WriteStream, hash: ReturnType<typeof createHash>): ByteWriter & Writer {
  const writer: ByteWriter & Writer = new ByteWriter(SINK_CHUNK_BYTES);
  let failed: Error | null = null;
  out.on('error', (error) => (failed = error));
  const take = () => {
    if (failed) throw failed;
    const chunk = Buffer.from(writer.buffer.slice(0, writer.index));
    writer.index = 0;
    hash.update(chunk);
    return chunk;
  };
  const grow = writer.ensure.bind(writer);
  writer.ensure = (size: number) => {
    if (writer.index > 0 && writer.index + size > SINK_CHUNK_BYTES) out.write(take());
    grow(size);
  };
  writer.flush = () => {
    if (out.write(take())) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      // Both listeners go whichever comes first: a shard has many row groups.
      const settle = (error?: Error) => {
        out.off('drain', settle);
        out.off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      out.on('drain', settle);
      out.on('error', settle);
    });
  };
  writer.finish = () => {
    const chunk = take();
    return new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(chunk, () => (failed ? reject(failed) : resolve()));
    });
  };
  return writer;
}

/** The shards of one split, written one row group at a time. */
class SplitShards {
  readonly done: Array<Omit<ParquetShard, 'path'>> = [];
  private open: {
    file: string;
    out: WriteStream;
    sink: ByteWriter & Writer;
    parquet: ParquetWriter;
    hash: ReturnType<typeof createHash>;
    rows: number;
    groups: number;
  } | null = null;
  private pending: ParquetClip[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly split: ReleaseSplit,
    private readonly dir: string,
    private readonly options: ParquetShardOptions,
    /** The `huggingface` metadata every shard's footer holds, and the footer's size bound. */
    private readonly footer: { metadata: string; bytes: number },
  ) {}

  async add(clip: ParquetClip): Promise<void> {
    const size = rowBytes(clip);
    const held = this.pending.length > 0 || (this.open?.rows ?? 0) > 0;
    if (held && this.projected(size) > this.options.shardBytes) await this.closeShard();
    else if (this.pending.length > 0 && this.pendingBytes + size > this.options.rowGroupBytes)
      await this.writeGroup();
    this.pending.push(clip);
    this.pendingBytes += size;
  }

  async finish(): Promise<void> {
    if (this.pending.length > 0 || this.open) await this.closeShard();
  }

  /** Closes the file being written, if any, without finishing it (a failed build). */
  abort(): void {
    this.open?.out.destroy();
    this.open = null;
    this.pending = [];
  }

  /** The shard's size if this row joined the pending row group and the shard ended after it. */
  private projected(size: number): number {
    const written = this.open?.sink.offset ?? 4;
    const groups = (this.open?.groups ?? 0) + 1;
    const valueBytes = this.pendingBytes + size;
    return written + valueBytes + groupOverhead(valueBytes) + groups * LEAF_COLUMNS * 160 + this.footer.bytes;
  }

  private async writeGroup(): Promise<void> {
    if (!this.open) {
      const file = join(this.dir, `${this.split}-${this.done.length}.parquet`);
      const out = createWriteStream(file);
      const hash = createHash('sha256');
      const sink = fileSink(out, hash);
      const parquet = new ParquetWriter({
        writer: sink,
        schema: SCHEMA,
        kvMetadata: [{ key: 'huggingface', value: this.footer.metadata }],
        createdBy: 'hyparquet-writer',
      });
      this.open = { file, out, sink, parquet, hash, rows: 0, groups: 0 };
    }
    const rows = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const columnData: ColumnSource[] = PARQUET_FIELDS.map((f) => ({
      name: f.name,
      data: columnValues(f.name, rows),
      // PCM barely compresses and its min and max would copy whole clips into the footer.
      ...(f.type === 'audio' ? { codec: 'UNCOMPRESSED', statistics: false, encoding: 'PLAIN' } : {}),
    }));
    await this.open.parquet.write({ columnData, rowGroupSize: rows.length });
    this.open.rows += rows.length;
    this.open.groups += 1;
  }

  private async closeShard(): Promise<void> {
    if (this.pending.length > 0) await this.writeGroup();
    const shard = this.open!;
    this.open = null;
    await shard.parquet.finish();
    this.done.push({
      file: shard.file,
      bytes: shard.sink.offset,
      sha256: shard.hash.digest('hex'),
      rows: shard.rows,
    });
  }
}

/**
 * Parquet shards of a release's clips, `data/<split>-NNNNN-of-MMMMM.parquet`, one set per split (train, dev,
 * test: the validated set is their union, and the other Common Voice sets have no audio in a release). Each
 * shard is written to a temporary file as its row groups fill, and named once the last clip is in: a shard's
 * count is only known then, as clips' WAV sizes are only known once decoded (and an undecodable take is left
 * out), so a count from the stored takes' sizes would be a guess.
 */
export class ParquetShards {
  private readonly splits: Map<ReleaseSplit, SplitShards>;

  private constructor(
    readonly dir: string,
    options: ParquetShardOptions,
    sampleRate: number,
  ) {
    const metadata = huggingFaceFeatures(sampleRate);
    // The footer: the schema, the metadata and the file's fixed bytes, generously.
    const footer = { metadata, bytes: 2048 + SCHEMA.length * 64 + Buffer.byteLength(metadata) };
    this.splits = new Map(
      RELEASE_SPLITS.map((split) => [split, new SplitShards(split, dir, options, footer)]),
    );
  }

  static async create(options: ParquetShardOptions, sampleRate: number): Promise<ParquetShards> {
    return new ParquetShards(await mkdtemp(join(tmpdir(), 'release-parquet-')), options, sampleRate);
  }

  add(clip: ParquetClip): Promise<void> {
    return this.splits.get(clip.row.split as ReleaseSplit)!.add(clip);
  }

  /** Ends every shard; their names in the release, in split order. */
  async finish(): Promise<ParquetShard[]> {
    const shards: ParquetShard[] = [];
    for (const [split, writer] of this.splits) {
      await writer.finish();
      const of = String(writer.done.length).padStart(5, '0');
      writer.done.forEach((shard, i) =>
        shards.push({ ...shard, path: `data/${split}-${String(i).padStart(5, '0')}-of-${of}.parquet` }),
      );
    }
    return shards;
  }

  /** Removes the temporary files (once the archive has read them, or the build failed). */
  async discard(): Promise<void> {
    for (const writer of this.splits.values()) writer.abort();
    await rm(this.dir, { recursive: true, force: true });
  }
}
