import { ByteQueue } from '../byte-queue';
import type { OpusPacketSink } from '../opus/opus-packet-sink';
import { isOpusHead, parseOpusHead } from '../opus/opus-head';
import { corrupt, unsupported } from '../probe-result';
import { readBlockFrames } from './block-frames';
import { CLUSTER_CHILDREN, EbmlId, TrackType } from './ebml-ids';
import { readElementHeader } from './ebml-vint';

/** Masters the demuxer descends into; every other element is read whole (below) or skipped unread. */
const ENTERED: ReadonlySet<number> = new Set([
  EbmlId.EBML,
  EbmlId.Segment,
  EbmlId.Tracks,
  EbmlId.TrackEntry,
  EbmlId.Cluster,
  EbmlId.BlockGroup,
]);

/** Leaves whose bytes are needed, with the most any sane file puts in them: a bound on what is buffered. */
const READ_LIMITS: ReadonlyMap<number, number> = new Map([
  [EbmlId.DocType, 64],
  [EbmlId.TrackNumber, 8],
  [EbmlId.TrackType, 8],
  [EbmlId.CodecID, 64],
  [EbmlId.CodecPrivate, 64 * 1024],
  [EbmlId.SimpleBlock, 256 * 1024],
  [EbmlId.Block, 256 * 1024],
]);

/**
 * Masters open at once, and track entries in a file: a recording has 4 levels (Segment, Cluster, BlockGroup,
 * Block) and one or two tracks. Without these bounds, a few MB of nested or repeated empty masters would hold
 * a million levels, or make every block search a million tracks.
 */
const MAX_OPEN_MASTERS = 8;
const MAX_TRACKS = 16;

/** Only these may be written with an unknown size (live muxers such as MediaRecorder do so). */
const MAY_HAVE_UNKNOWN_SIZE: ReadonlySet<number> = new Set([EbmlId.Segment, EbmlId.Cluster]);

interface OpenMaster {
  id: number;
  /** Absolute offset where it ends; null while its size is unknown. */
  end: number | null;
}

interface TrackEntry {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
}

const readUint = (bytes: Uint8Array): number => bytes.reduce((value, byte) => value * 256 + byte, 0);
const readString = (bytes: Uint8Array): string => String.fromCharCode(...bytes).replace(/\0+$/, '');

/**
 * Streaming WebM demuxer for one Opus audio track: follows the EBML element tree as bytes arrive, checks each
 * element fits inside its parent, and hands the track's Opus header and packets to the sink.
 */
export class WebmDemuxer {
  private readonly queue = new ByteQueue();
  private readonly open: OpenMaster[] = [];
  private skipRemaining = 0;
  private pendingLeaf: { id: number; size: number } | null = null;
  private sawEbmlHeader = false;
  private docType = 'matroska'; // the EBML default when DocType is absent
  private readonly tracks: TrackEntry[] = [];
  private audioTrackNumber: number | null = null;

  constructor(private readonly sink: OpusPacketSink) {}

  push(chunk: Uint8Array): void {
    this.queue.push(chunk);
    this.parse();
  }

  /** Called once the input is complete; tells whether it stopped inside an element. */
  end(): { truncated: boolean } {
    this.closeMastersEndingAt(this.queue.position);
    const unfinishedMaster = this.open.some((m) => m.end !== null);
    const truncated =
      this.skipRemaining > 0 || this.pendingLeaf !== null || this.queue.length > 0 || unfinishedMaster;
    if (this.audioTrackNumber === null) {
      throw corrupt(
        truncated ? 'The WebM file ends before its track list.' : 'The WebM file has no track list.',
      );
    }
    return { truncated };
  }

  private parse(): void {
    for (;;) {
      if (this.skipRemaining > 0) {
        this.skipRemaining -= this.queue.skip(this.skipRemaining);
        if (this.skipRemaining > 0) return;
        continue;
      }
      if (this.pendingLeaf) {
        const data = this.queue.read(this.pendingLeaf.size);
        if (!data) return;
        const { id } = this.pendingLeaf;
        this.pendingLeaf = null;
        this.handleLeaf(id, data);
        continue;
      }
      const start = this.queue.position;
      this.closeMastersEndingAt(start);
      const header = readElementHeader(this.queue.peek(Math.min(12, this.queue.length)) ?? new Uint8Array(0));
      if (!header) return;
      this.queue.skip(header.headerLength);
      this.openElement(header.id, header.size, start + header.headerLength);
    }
  }

  private openElement(id: number, size: number | null, dataStart: number): void {
    if (!this.sawEbmlHeader && id !== EbmlId.EBML)
      throw corrupt('The WebM file does not start with an EBML header.');
    const top = this.open.at(-1);
    // A Cluster of unknown size ends where something that cannot be inside a Cluster begins.
    if (top && top.id === EbmlId.Cluster && top.end === null && !CLUSTER_CHILDREN.has(id)) this.closeTop();
    const parent = this.open.at(-1);
    let end: number | null = size === null ? null : dataStart + size;
    if (parent?.end != null) {
      if (end === null) end = parent.end;
      else if (end > parent.end)
        throw corrupt('A WebM element runs past the end of the element containing it.');
    }
    if (size === null && !MAY_HAVE_UNKNOWN_SIZE.has(id)) throw corrupt('A WebM element has an unknown size.');

    if (id === EbmlId.EBML) {
      if (this.sawEbmlHeader || this.open.length > 0)
        throw corrupt('The WebM file has a misplaced EBML header.');
      this.sawEbmlHeader = true;
    }
    if (id === EbmlId.Segment && this.open.length > 0) throw corrupt('A WebM Segment is nested.');
    if (id === EbmlId.TrackEntry) {
      if (this.tracks.length === MAX_TRACKS)
        throw corrupt('The WebM file has more tracks than a recording has.');
      this.tracks.push({});
    }
    if (id === EbmlId.Cluster && this.audioTrackNumber === null) {
      throw corrupt('The WebM file has audio data before its track list.');
    }

    if (ENTERED.has(id)) {
      if (this.open.length === MAX_OPEN_MASTERS) throw corrupt('The WebM elements are nested too deeply.');
      this.open.push({ id, end });
      return;
    }
    const limit = READ_LIMITS.get(id);
    if (limit !== undefined) {
      if (size! > limit) throw corrupt('A WebM element is larger than any valid file would have it.');
      this.pendingLeaf = { id, size: size! };
      return;
    }
    this.skipRemaining = size!;
  }

  private closeMastersEndingAt(position: number): void {
    for (let top = this.open.at(-1); top && top.end !== null && position >= top.end; top = this.open.at(-1)) {
      this.closeTop();
    }
  }

  private closeTop(): void {
    const closed = this.open.pop()!;
    if (closed.id === EbmlId.EBML && this.docType !== 'webm') {
      throw unsupported(`Only WebM is accepted, not "${this.docType}".`);
    }
    if (closed.id === EbmlId.Tracks) this.chooseAudioTrack();
  }

  private handleLeaf(id: number, data: Uint8Array): void {
    const track = this.tracks.at(-1);
    switch (id) {
      case EbmlId.DocType:
        this.docType = readString(data);
        return;
      case EbmlId.TrackNumber:
        if (track) track.number = readUint(data);
        return;
      case EbmlId.TrackType:
        if (track) track.type = readUint(data);
        return;
      case EbmlId.CodecID:
        if (track) track.codecId = readString(data);
        return;
      case EbmlId.CodecPrivate:
        if (track) track.codecPrivate = data;
        return;
      case EbmlId.SimpleBlock:
      case EbmlId.Block:
        this.handleBlock(data);
        return;
    }
  }

  private chooseAudioTrack(): void {
    if (this.audioTrackNumber !== null) throw corrupt('The WebM file has a second track list.');
    if (this.tracks.some((t) => t.type === TrackType.video))
      throw unsupported('Video files are not accepted.');
    const audio = this.tracks.filter((t) => t.type === TrackType.audio || t.codecId?.startsWith('A_'));
    if (audio.length === 0) throw corrupt('The WebM file has no audio track.');
    if (audio.length > 1) throw unsupported('WebM files with more than one audio track are not accepted.');
    const track = audio[0]!;
    if (track.codecId !== 'A_OPUS') {
      throw unsupported(`WebM audio must be Opus, not ${track.codecId ?? 'an unnamed codec'}.`);
    }
    if (track.number === undefined) throw corrupt('The WebM audio track has no number.');
    if (!track.codecPrivate || !isOpusHead(track.codecPrivate))
      throw corrupt('The WebM Opus track has no Opus header.');
    this.sink.start(parseOpusHead(track.codecPrivate));
    this.audioTrackNumber = track.number;
  }

  private handleBlock(data: Uint8Array): void {
    if (this.audioTrackNumber === null) throw corrupt('The WebM file has audio data before its track list.');
    const block = readBlockFrames(data);
    if (block.trackNumber !== this.audioTrackNumber) {
      // Blocks of another declared track (say, subtitles) are none of our business; of no track, a broken file.
      if (this.tracks.some((t) => t.number === block.trackNumber)) return;
      throw corrupt('A WebM block names a track that does not exist.');
    }
    for (const frame of block.frames) this.sink.push(frame);
  }
}
