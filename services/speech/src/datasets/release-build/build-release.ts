import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ObjectId } from 'mongodb';
import { ZipFile } from 'yazl';
import {
  RELEASE_SPLITS,
  type BreakdownRow,
  type LanguageCode,
  type LanguageDatasheet,
  type HistogramBin,
  type ReleaseAudioFormat,
  type ReleaseFigures,
  type ReleaseSplit,
  type ReleaseStatistics,
  type SplitRow,
} from '@platform/contracts';
import type { PcmSampleRate } from '@platform/audio-probe';
import type { SpeechStores } from '../../stores';
import type { ReleaseArtifactDoc, ReleaseDoc, ReleasePartDoc } from '../store';
import { ArtifactUpload, type StoredArtifact } from './artifact-upload';
import { selectionOf, type Selection } from './selection';
import { citationCff, citationText, releaseUrls, type CitationFacts } from './citation';
import { croissant } from './croissant';
import { datasheet, datasheetFigures } from './datasheet';
import { clipSources, excludedByBases, textContents } from '../release-manifest';
import { createClipDecoder } from './clip-decoder';
import { ParquetShards, type ParquetShardOptions } from './parquet-shards';
import { PARQUET_CONTENT_TYPE, TSV_CONTENT_TYPE, ZipParts } from './zip-parts';
import { assignSplits, speakerHasher } from './speakers';
import {
  emptyTally,
  recordingClipName,
  recordingRows,
  reportedRows,
  unvalidatedSentenceRows,
  validatedSentenceRows,
  type CvFileContext,
  type LanguageTally,
} from './cv-files';
import {
  CLIP_DURATION_COLUMNS,
  CV_COLUMNS,
  METADATA_CSV_COLUMNS,
  csvLine,
  cvRow,
  licenseText,
  metadataCsvRow,
  readme,
  slugify,
  tsvLine,
  type ClipRow,
} from './tables';

/** What the worker gives a build: where to report, and a check that throws once the build must stop. */
export interface BuildContext {
  stores: SpeechStores;
  release: ReleaseDoc;
  sampleRate: PcmSampleRate;
  /** Stored takes fetched and decoded ahead of the one being written. */
  readAhead: number;
  /** Decode threads (0: this thread). */
  decodeThreads: number;
  /** The site's public origin (PUBLIC_URL): the addresses a release's citation and metadata give. */
  publicUrl: string;
  /** The Parquet shards' size bounds. */
  parquet: ParquetShardOptions;
  /** Progress (0–1) and stage words; throttled by the worker. Throws when the build must stop. */
  report(progress: number, stage: string): Promise<void>;
  log: { warn(obj: object, msg: string): void };
}

export interface BuildOutput {
  /** The time written in the archive's README and manifest. */
  publishedAt: Date;
  figures: ReleaseFigures;
  audio: ReleaseAudioFormat;
  artifacts: ReleaseArtifactDoc[];
  /** The Parquet shards and TSVs, as byte ranges of complete.zip (served on their own). */
  parts: ReleasePartDoc[];
  statistics: ReleaseStatistics;
  contributorIds: string[];
}

/** A clip to write: where its audio is and its row, less what decoding measures and who the speaker is. */
interface PlannedClip {
  audioFileId: ObjectId;
  accountId: string;
  row: Omit<ClipRow, 'client_id' | 'split' | 'durationMs' | keyof SpeakerColumns>;
}

type SpeakerColumns = Pick<ClipRow, 'age' | 'gender' | 'accents'>;
const NO_SPEAKER_COLUMNS: SpeakerColumns = { age: '', gender: '', accents: '' };

/** The speakers' details as they stand now, as the tables' columns. */
async function speakerColumns(
  stores: SpeechStores,
  accountIds: readonly string[],
): Promise<Map<string, SpeakerColumns>> {
  const columns = new Map<string, SpeakerColumns>();
  for (const [id, d] of await stores.users.speakerDetailsFor(accountIds))
    columns.set(id, { age: d.ageRange ?? '', gender: d.gender ?? '', accents: d.accent ?? '' });
  return columns;
}

/** How far the zip producer may run ahead of what reached the store. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
const fmt = (n: number) => n.toLocaleString('en-US');

/** A header, then the rows of `items` (empty strings skipped) joined 1,000 at a time. */
function* inBatches<T>(header: string, items: readonly T[], row: (item: T) => string): Generator<string> {
  yield header;
  for (let i = 0; i < items.length; i += 1000)
    yield items
      .slice(i, i + 1000)
      .map(row)
      .join('');
}

/** The languages a release has a Common Voice folder for: those of its clips and those its sources name. */
function releaseLanguages(clips: readonly ClipRow[], named: readonly LanguageCode[]): LanguageCode[] {
  const languages = new Set<string>(named);
  for (const c of clips) languages.add(c.locale);
  return [...languages].sort() as LanguageCode[];
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The clips of a release: its recordings and both sides of its donations, with their rows less what decoding measures. */
async function planClips(stores: SpeechStores, selection: Selection, slug: string): Promise<PlannedClip[]> {
  const planned: PlannedClip[] = [];
  // Read as a stream: only the planned rows are kept, never the documents and the rows at once.
  if (selection.recordings) {
    for await (const r of stores.recordings.clipsOf(selection.recordings)) {
      planned.push({
        audioFileId: r.audioFileId,
        accountId: r.speakerId,
        row: {
          path: recordingClipName(slug, r.language, r._id.toHexString()),
          sentence_id: r.sentenceId,
          sentence: r.sentenceText,
          sentence_domain: '',
          up_votes: String(r.yes),
          down_votes: String(r.no),
          variant: '',
          locale: r.language,
        },
      });
    }
  }
  // The recordings' sentence domains, from the sentence copy.
  const domainsOf = await stores.sentences.domainsOf([...new Set(planned.map((c) => c.row.sentence_id))]);
  for (const c of planned) c.row.sentence_domain = domainsOf.get(c.row.sentence_id) ?? '';
  const pairs = selection.audioPairs ? await stores.audioPairs.inIdOrder(selection.audioPairs) : [];
  for (const p of pairs) {
    const base = { sentence_id: p.textId, sentence_domain: '', up_votes: '', down_votes: '' };
    const stem = `${slug}_pair_${p._id.toHexString()}`;
    planned.push({
      audioFileId: p.sourceFileId,
      accountId: p.donorId,
      row: { ...base, path: `${stem}_en.wav`, sentence: p.sourceText, variant: '', locale: 'en' },
    });
    planned.push({
      audioFileId: p.targetFileId,
      accountId: p.donorId,
      row: { ...base, path: `${stem}_yo.wav`, sentence: p.targetText, variant: p.dialect, locale: 'yo' },
    });
  }

  return planned;
}

/** Builds one release end to end; throws on failure (the worker cleans up). */
export async function buildRelease(ctx: BuildContext): Promise<BuildOutput> {
  const { stores, release, sampleRate } = ctx;
  const def = release.definition;
  const releaseId = release._id;
  const now = new Date();
  const mtime = release.cutoff;

  await ctx.report(0, 'Selecting data');
  // A delta release reads only what its bases do not hold.
  const exclude = await excludedByBases(stores.datasets, release);
  const selection = await selectionOf(stores.sentences.idsInDomains, def.sources, release.cutoff, exclude);
  const texts = await textContents(stores, selection);

  // 1. What goes in, in a stable order.
  const planned = await planClips(stores, selection, slugify(def.name));

  // 2. Speakers: hashed ids and speaker-disjoint splits.
  const clipsBySpeaker = new Map<string, number>();
  for (const c of planned) clipsBySpeaker.set(c.accountId, (clipsBySpeaker.get(c.accountId) ?? 0) + 1);
  const splitOf = assignSplits(releaseId.toHexString(), clipsBySpeaker);
  const hashOf = speakerHasher();
  const clientIds = new Map<string, string>();
  for (const id of clipsBySpeaker.keys()) clientIds.set(id, hashOf(id));
  const detailsOf = await speakerColumns(stores, [...clipsBySpeaker.keys()]);

  // 3. Both archives are written in one pass: each clip is decoded once and goes to both.
  const folder = `${slugify(def.name)}-v${release.version}`;
  const meta = (artifact: 'complete.zip' | 'audio.zip') => ({
    releaseId,
    datasetId: release.datasetId,
    artifact,
    contentType: 'application/zip',
  });
  const complete = new ZipFile();
  const audioOnly = new ZipFile();
  const completeUpload = await ArtifactUpload.start(
    stores.datasets,
    complete.outputStream as Readable,
    `${folder}.zip`,
    meta('complete.zip'),
  );
  const audioUpload = await ArtifactUpload.start(
    stores.datasets,
    audioOnly.outputStream as Readable,
    `${folder}-audio.zip`,
    meta('audio.zip'),
  );
  const decoder = createClipDecoder(sampleRate, ctx.decodeThreads);
  const shards = await ParquetShards.create(ctx.parquet, sampleRate);
  try {
    return await writeArchives();
  } catch (error) {
    // Stop both archives and wait for their uploads to settle, so the clean-up finds every chunk written.
    (complete.outputStream as Readable).destroy();
    (audioOnly.outputStream as Readable).destroy();
    await Promise.allSettled([completeUpload.done, audioUpload.done]);
    // This build's own files only: if another worker has taken the release over, its files stay.
    await stores.datasets.deleteFiles([completeUpload.fileId, audioUpload.fileId]).catch(() => undefined);
    throw error;
  } finally {
    await decoder.close();
    // The shards' temporary files: the complete archive has read them, or the build failed.
    await shards.discard();
  }

  async function writeArchives(): Promise<BuildOutput> {
    // Noted once, not raced against on every clip: each race would leave a reaction on a promise that stays
    // pending until the build ends (about a kilobyte per clip). A failed upload releases its waiters.
    let uploadFailure: unknown = null;
    for (const upload of [completeUpload, audioUpload])
      upload.done.catch((error: unknown) => (uploadFailure ??= error));
    let completeAdded = 0;
    let audioAdded = 0;
    /** Every file of the complete archive but SHA256SUMS: its path below the folder, size and SHA-256. */
    const files: Array<{ path: string; bytes: number; sha256: string }> = [];
    const parts = new ZipParts(complete);
    /**
     * A file made when its turn comes, from chunks of text (a table of every clip, rows read from a cursor),
     * so no table is held whole; its size and SHA-256 are taken as it passes, before the next file starts.
     * A `part` (a language's TSV) is stored without compression, so it can be served on its own from the archive.
     */
    const addStreamed = (
      path: string,
      chunks: () => Iterable<string> | AsyncIterable<string>,
      part?: { contentType: string },
    ) => {
      const file = { path, bytes: 0, sha256: '' };
      files.push(file);
      complete.addReadStreamLazy(`${folder}/${path}`, { mtime, compress: !part }, (give) => {
        if (part) parts.starts(file, part.contentType);
        const hash = createHash('sha256');
        give(
          null,
          Readable.from(
            (async function* () {
              for await (const text of chunks()) {
                const data = Buffer.from(text, 'utf8');
                hash.update(data);
                file.bytes += data.length;
                yield data;
              }
              file.sha256 = hash.digest('hex');
            })(),
          ),
        );
      });
    };
    const addText = (path: string, text: string) => {
      const data = Buffer.from(text, 'utf8');
      complete.addBuffer(data, `${folder}/${path}`, { mtime, compress: true });
      completeAdded += data.length;
      files.push({ path, bytes: data.length, sha256: sha256(data) });
    };

    /**
     * A clip goes in as a stream made when its turn comes: yazl keeps every entry (for the central directory)
     * and, with addBuffer, the closure holding its bytes; here the bytes are let go once written.
     */
    const addClip = (zip: ZipFile, path: string, data: Buffer) => {
      let held: Buffer | null = data;
      zip.addReadStreamLazy(path, { mtime, compress: false, size: data.length }, (give) => {
        const bytes = held!;
        held = null;
        give(null, Readable.from([bytes]));
      });
    };

    const fetchAndDecode = async (clip: PlannedClip) => {
      let decoded;
      try {
        decoded = await decoder.decode(await stores.audio.readAll(clip.audioFileId));
      } catch (error) {
        decoded = { error: String(error) };
      }
      if ('error' in decoded) {
        ctx.log.warn(
          { err: decoded.error, file: clip.audioFileId.toHexString(), clip: clip.row.path },
          'a stored take could not be decoded; it is left out of the release',
        );
        return null;
      }
      return decoded;
    };

    const clips: ClipRow[] = [];
    const written = new Set<string>();
    const snrs: number[] = [];
    const ahead: Array<Promise<Awaited<ReturnType<typeof fetchAndDecode>>>> = [];
    let next = 0;
    const fill = () => {
      while (ahead.length < ctx.readAhead && next < planned.length)
        ahead.push(fetchAndDecode(planned[next++]!));
    };
    for (let i = 0; i < planned.length; i += 1) {
      fill();
      const decoded = await ahead.shift()!;
      fill();
      await ctx.report(
        0.05 + 0.85 * (i / planned.length),
        `Decoding audio ${fmt(i + 1)} of ${fmt(planned.length)}`,
      );
      if (!decoded) continue;
      const plan = planned[i]!;
      const { wav, snrDb } = decoded;
      if (snrDb !== null) snrs.push(snrDb);
      const clip: ClipRow = {
        ...plan.row,
        ...(detailsOf.get(plan.accountId) ?? NO_SPEAKER_COLUMNS),
        client_id: clientIds.get(plan.accountId)!,
        split: splitOf.get(plan.accountId)!,
        durationMs: Math.round((decoded.frames * 1000) / sampleRate),
      };
      clips.push(clip);
      written.add(plan.accountId);
      // Common Voice's layout: a language's clips in `<locale>/clips/`, beside its tables.
      const clipPath = `${clip.locale}/clips/${clip.path}`;
      addClip(complete, `${folder}/${clipPath}`, wav);
      addClip(audioOnly, clipPath, wav);
      completeAdded += wav.length;
      audioAdded += wav.length;
      files.push({ path: clipPath, bytes: wav.length, sha256: sha256(wav) });
      await shards.add({ row: clip, wav });
      // Back-pressure: wait until what is queued in the zips has mostly reached the store.
      await Promise.all([
        completeUpload.passed(completeAdded - MAX_PENDING_BYTES),
        audioUpload.passed(audioAdded - MAX_PENDING_BYTES),
      ]);
      if (uploadFailure) throw uploadFailure;
    }
    // The decode threads are done: their memory goes back before the tables and the manifest are written.
    await decoder.close();
    audioOnly.end({ forceZip64Format: false, comment: `${def.name} v${release.version}: clips` });
    // The Parquet shards, named now that each split's count of them is known; stored (PCM barely deflates).
    for (const shard of await shards.finish()) {
      const file = { path: shard.path, bytes: shard.bytes, sha256: shard.sha256 };
      files.push(file);
      const entry = { mtime, compress: false, size: shard.bytes };
      complete.addReadStreamLazy(`${folder}/${shard.path}`, entry, (give) => {
        parts.starts(file, PARQUET_CONTENT_TYPE);
        give(null, createReadStream(shard.file));
      });
    }

    // 4. The tables and the text.
    await ctx.report(0.9, 'Writing the tables');
    const hasAudio = selection.recordings !== null || selection.audioPairs !== null;
    const clipsPerSentence = new Map<string, number>();
    for (const c of clips) {
      if (c.up_votes !== '')
        clipsPerSentence.set(c.sentence_id, (clipsPerSentence.get(c.sentence_id) ?? 0) + 1);
    }
    const cv: CvFileContext = {
      stores,
      selection,
      slug: slugify(def.name),
      cutoff: release.cutoff,
      clientIdOf: (id) => clientIds.get(id) ?? hashOf(id),
    };
    const tallies = new Map<LanguageCode, LanguageTally>();
    const datasheets: LanguageDatasheet[] = [];
    const urls = releaseUrls(ctx.publicUrl, release.datasetId, release.version);
    const citationFacts: CitationFacts = {
      title: def.name,
      description: def.description,
      version: release.version,
      publishedAt: now,
      license: def.license,
      tags: def.tags,
      url: urls.url,
      downloadUrl: urls.file('complete.zip'),
    };
    const citation = citationText(citationFacts);
    const header = tsvLine(CV_COLUMNS);
    for (const language of hasAudio ? releaseLanguages(clips, def.sources.languages) : []) {
      const tally = emptyTally();
      tallies.set(language, tally);
      const mine = clips.filter((c) => c.locale === language);
      const at = (name: string) => `${language}/${name}`;
      const tsv = { contentType: TSV_CONTENT_TYPE };
      addStreamed(at('validated.tsv'), () => inBatches(header, mine, cvRow), tsv);
      addStreamed(
        at('invalidated.tsv'),
        () => recordingRows(cv, language, 'invalidated', (n) => (tally.invalidated += n)),
        tsv,
      );
      addStreamed(
        at('other.tsv'),
        () => recordingRows(cv, language, 'undecided', (n) => (tally.other += n)),
        tsv,
      );
      addStreamed(at('reported.tsv'), () => reportedRows(cv, language, tally), tsv);
      for (const split of RELEASE_SPLITS) {
        addStreamed(
          at(`${split}.tsv`),
          () => inBatches(header, mine, (c) => (c.split === split ? cvRow(c) : '')),
          tsv,
        );
      }
      addStreamed(
        at('clip_durations.tsv'),
        () => inBatches(tsvLine(CLIP_DURATION_COLUMNS), mine, (c) => tsvLine([c.path, String(c.durationMs)])),
        tsv,
      );
      addStreamed(
        at('validated_sentences.tsv'),
        () => validatedSentenceRows(cv, language, clipsPerSentence, tally),
        tsv,
      );
      addStreamed(at('unvalidated_sentences.tsv'), () => unvalidatedSentenceRows(cv, language, tally), tsv);
      // Made when its turn comes, after the tables above have been written and counted.
      addStreamed(at('README.md'), function* () {
        const facts = {
          title: def.name,
          description: def.description,
          version: release.version,
          publishedAt: now,
          cutoff: release.cutoff,
          license: def.license,
          language,
          clips: mine,
          tally,
          sampleRate,
          citation,
        };
        // Computed once: the README shows them and the manifest keeps them for the details panel.
        const figures = datasheetFigures(facts);
        datasheets.push(figures);
        yield datasheet(facts, figures);
      });
    }
    addStreamed('metadata.csv', () => inBatches(csvLine(METADATA_CSV_COLUMNS), clips, metadataCsvRow));

    let sentenceCount = 0;
    if (selection.sentences) {
      const tsv: string[] = [tsvLine(['sentence_id', 'sentence', 'locale', 'sentence_domain'])];
      const jsonl: string[] = [];
      for await (const s of stores.sentences.inIdOrder(selection.sentences)) {
        const domains = s.domains ?? [];
        tsv.push(tsvLine([s._id, s.text, s.language, domains.join(',')]));
        jsonl.push(
          `${JSON.stringify({ sentence_id: s._id, sentence: s.text, locale: s.language, domains })}\n`,
        );
        sentenceCount += 1;
      }
      addText('text/sentences.tsv', tsv.join(''));
      addText('text/sentences.jsonl', jsonl.join(''));
    }
    let textPairCount = 0;
    if (selection.textPairs) {
      const tsv: string[] = [tsvLine(['text_id', 'english', 'yoruba', 'category'])];
      const jsonl: string[] = [];
      for await (const p of stores.textPairs.inIdOrder(selection.textPairs)) {
        tsv.push(tsvLine([p._id, p.source_lang_text, p.target_lang_text, p.text_category]));
        jsonl.push(
          `${JSON.stringify({ text_id: p._id, english: p.source_lang_text, yoruba: p.target_lang_text, category: p.text_category })}\n`,
        );
        textPairCount += 1;
      }
      addText('text/text_pairs.tsv', tsv.join(''));
      addText('text/text_pairs.jsonl', jsonl.join(''));
    }

    // 5. Statistics, measured from what was written.
    const statistics = measure(release.version, clips, sentenceCount, textPairCount);
    if (selection.recordingScope) {
      const decided = await stores.recordings.count({
        ...selection.recordingScope,
        status: { $in: ['validated', 'invalidated'] },
      });
      const validated = await stores.recordings.count({
        ...selection.recordingScope,
        status: 'validated',
      });
      statistics.validatedShare = decided > 0 ? validated / decided : null;
    }
    const meanSnrDb = snrs.length
      ? Math.round((snrs.reduce((a, b) => a + b, 0) / snrs.length) * 10) / 10
      : null;
    const audio: ReleaseAudioFormat = {
      format: 'WAV (16-bit PCM)',
      sampleRate,
      channels: 1,
      bitDepth: 16,
      meanSnrDb,
    };

    addText(
      'README.md',
      readme({
        title: def.name,
        description: def.description,
        folder,
        version: release.version,
        license: def.license,
        publishedAt: now,
        cutoff: release.cutoff,
        clips: statistics.clips,
        audioSeconds: statistics.audioSeconds,
        speakers: statistics.speakers,
        sentences: sentenceCount,
        textPairs: textPairCount,
        splits: statistics.splits,
        sampleRate,
        meanSnrDb,
        hasAudio,
        languages: [...tallies.keys()],
        citation,
        hasText: selection.sentences !== null || selection.textPairs !== null,
      }),
    );
    addText('LICENSE', licenseText(def.license, def.name, now.getUTCFullYear()));
    addText('CITATION.cff', citationCff(citationFacts));
    const genders = new Map<string, number>();
    for (const c of clips) genders.set(c.gender, (genders.get(c.gender) ?? 0) + 1);
    // Made when its turn comes, once every file before it has its size and SHA-256.
    addStreamed('croissant.json', function* () {
      const described = croissant({
        ...citationFacts,
        folder,
        languages: [...tallies.keys()],
        sampleRate,
        files: files.filter((file) => file.path !== 'croissant.json'),
        clips: statistics.clips,
        speakers: statistics.speakers,
        audioSeconds: statistics.audioSeconds,
        genders,
      });
      // A delta names the release it adds to (schema.org's isBasedOn).
      const description = release.base
        ? { ...described, isBasedOn: releaseUrls(ctx.publicUrl, release.datasetId, release.base.version).url }
        : described;
      yield `${JSON.stringify(description, null, 2)}\n`;
    });
    // Its turn comes once every other file has gone through: their sizes and SHA-256 are known by then.
    let sums = '';
    complete.addReadStreamLazy(`${folder}/SHA256SUMS`, { mtime, compress: true }, (give) => {
      sums = files.map((f) => `${f.sha256}  ${f.path}\n`).join('');
      give(null, Readable.from([Buffer.from(sums, 'utf8')]));
    });
    complete.end({ forceZip64Format: false, comment: `${def.name} v${release.version}` });

    await ctx.report(0.95, 'Storing the archives');
    const [completeStored, audioStored] = await Promise.all([completeUpload.done, audioUpload.done]);

    // 6. The manifest.
    const figures: ReleaseFigures = {
      clips: statistics.clips,
      audioSeconds: statistics.audioSeconds,
      contributors: written.size,
      sentences: sentenceCount,
      textPairs: textPairCount,
      files: files.length + 1,
      bytes: completeStored.bytes,
    };
    const artifact = (name: 'complete.zip' | 'audio.zip', stored: StoredArtifact): ReleaseArtifactDoc => ({
      name,
      fileId: stored.fileId,
      bytes: stored.bytes,
      sha256: stored.sha256,
      contentType: 'application/zip',
    });
    const zips = [artifact('complete.zip', completeStored), artifact('audio.zip', audioStored)];
    const manifest = {
      dataset: {
        id: release.datasetId,
        name: def.name,
        description: def.description,
        language: def.language,
        category: def.category,
        tags: def.tags,
        license: def.license,
        sources: def.sources,
      },
      version: release.version,
      createdAt: release.createdAt.toISOString(),
      cutoff: release.cutoff.toISOString(),
      publishedAt: now.toISOString(),
      folder,
      citation,
      base: release.base ? { version: release.base.version } : null,
      // What this release holds by id: a later delta leaves it out.
      contents: { ...clipSources(clips.map((c) => c.path)), ...texts },
      datasheets,
      artifacts: zips.map(({ name, bytes, sha256: sum, contentType }) => ({
        name,
        bytes,
        sha256: sum,
        contentType,
      })),
      figures,
      audio,
      statistics,
      files: [...files, { path: 'SHA256SUMS', bytes: Buffer.byteLength(sums), sha256: sha256(sums) }],
    };
    const manifestUpload = await ArtifactUpload.start(
      stores.datasets,
      Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')]),
      `${folder}-metadata.json`,
      { releaseId, datasetId: release.datasetId, artifact: 'metadata.json', contentType: 'application/json' },
    );
    const manifestStored = await manifestUpload.done;
    return {
      publishedAt: now,
      figures,
      audio,
      artifacts: [
        {
          name: 'metadata.json',
          fileId: manifestStored.fileId,
          bytes: manifestStored.bytes,
          sha256: manifestStored.sha256,
          contentType: 'application/json',
        },
        ...zips.reverse(),
      ],
      parts: parts.list(),
      statistics,
      contributorIds: [...written].sort(),
    };
  }
}

const roundSeconds = (ms: number) => Math.round(ms) / 1000;

function breakdown(clips: ClipRow[], keyOf: (c: ClipRow) => string): BreakdownRow[] {
  const rows = new Map<string, { clips: number; ms: number; speakers: Set<string> }>();
  for (const c of clips) {
    const key = keyOf(c);
    if (!key) continue;
    const row = rows.get(key) ?? { clips: 0, ms: 0, speakers: new Set<string>() };
    row.clips += 1;
    row.ms += c.durationMs;
    row.speakers.add(c.client_id);
    rows.set(key, row);
  }
  return [...rows.entries()]
    .map(([key, r]) => ({ key, clips: r.clips, seconds: roundSeconds(r.ms), speakers: r.speakers.size }))
    .sort((a, b) => b.clips - a.clips || a.key.localeCompare(b.key));
}

/** Durations in one-second bins, from 0 to the longest clip. */
function histogram(clips: ClipRow[]): HistogramBin[] {
  if (clips.length === 0) return [];
  const longest = clips.reduce((max, c) => Math.max(max, c.durationMs), 0);
  const bins: HistogramBin[] = [];
  for (let from = 0; from * 1000 <= longest; from += 1) bins.push({ from, to: from + 1, clips: 0 });
  for (const c of clips) bins[Math.floor(c.durationMs / 1000)]!.clips += 1;
  return bins;
}

function measure(version: number, clips: ClipRow[], sentences: number, textPairs: number): ReleaseStatistics {
  const splits: SplitRow[] = RELEASE_SPLITS.map((split: ReleaseSplit) => {
    const inSplit = clips.filter((c) => c.split === split);
    return {
      split,
      clips: inSplit.length,
      seconds: roundSeconds(inSplit.reduce((n, c) => n + c.durationMs, 0)),
      speakers: new Set(inSplit.map((c) => c.client_id)).size,
    };
  });
  return {
    version,
    clips: clips.length,
    audioSeconds: roundSeconds(clips.reduce((n, c) => n + c.durationMs, 0)),
    speakers: new Set(clips.map((c) => c.client_id)).size,
    validatedShare: null,
    splits,
    durations: histogram(clips),
    languages: breakdown(clips, (c) => c.locale),
    dialects: breakdown(clips, (c) => c.variant),
    sentences,
    textPairs,
  };
}
