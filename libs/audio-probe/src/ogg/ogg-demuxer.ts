import { ByteQueue } from '../byte-queue';
import { isOpusHead, parseOpusHead } from '../opus/opus-head';
import type { OpusPacketSink } from '../opus/opus-packet-sink';
import { corrupt, unsupported } from '../probe-result';
import { oggCrc } from './ogg-crc';

const HEADER_LENGTH = 27;
const FLAG_CONTINUED = 0x01;
const FLAG_BEGIN = 0x02;
const FLAG_END = 0x04;
const NO_GRANULE = 0xffffffffffffffffn;
/**
 * The largest packet taken. An Opus audio packet is at most 120 ms of 1275-byte frames (61,200 bytes); the
 * comment header is the only large one, and a recording's is small. A packet continued page after page would
 * otherwise be held whole, up to the size of the upload.
 */
const MAX_PACKET_BYTES = 1024 * 1024;

const startsWith = (packet: Uint8Array, text: string): boolean =>
  packet.length >= text.length && String.fromCharCode(...packet.subarray(0, text.length)) === text;

/**
 * Streaming Ogg demuxer for a single Opus stream (what Firefox's MediaRecorder and opusenc write): checks each
 * page's CRC, joins packets that span pages, and hands the Opus header and audio packets to the sink.
 */
export class OggDemuxer {
  private readonly queue = new ByteQueue();
  private serial: number | null = null;
  private packetIndex = 0;
  private partial: Uint8Array[] = [];
  private partialBytes = 0;
  private ended = false;
  /** Granule position (48 kHz samples, including pre-skip) of the last page that completed a packet. */
  lastGranule: number | null = null;

  constructor(private readonly sink: OpusPacketSink) {}

  push(chunk: Uint8Array): void {
    this.queue.push(chunk);
    while (this.readPage());
  }

  end(): { truncated: boolean } {
    if (this.packetIndex === 0) throw corrupt('The Ogg file ends before its Opus header.');
    return { truncated: this.queue.length > 0 || this.partial.length > 0 };
  }

  private readPage(): boolean {
    const header = this.queue.peek(HEADER_LENGTH);
    if (!header) return false;
    if (!startsWith(header, 'OggS') || header[4] !== 0)
      throw corrupt('The Ogg data is damaged (a page is missing).');
    const segments = header[26]!;
    const table = this.queue.peek(HEADER_LENGTH + segments);
    if (!table) return false;
    let bodyLength = 0;
    for (let i = 0; i < segments; i += 1) bodyLength += table[HEADER_LENGTH + i]!;
    const page = this.queue.read(HEADER_LENGTH + segments + bodyLength);
    if (!page) return false;

    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const storedCrc = view.getUint32(22, true);
    view.setUint32(22, 0, true);
    if (oggCrc(page) !== storedCrc)
      throw corrupt('The Ogg data is damaged (a page checksum does not match).');

    const flags = page[5]!;
    const serial = view.getUint32(14, true);
    if (this.serial === null) {
      if (!(flags & FLAG_BEGIN)) throw corrupt('The Ogg file does not start at the beginning of a stream.');
      this.serial = serial;
    } else if (serial !== this.serial || flags & FLAG_BEGIN) {
      throw unsupported('Ogg files with more than one stream are not accepted.');
    }
    if (this.ended) throw unsupported('Ogg files with more than one stream are not accepted.');
    if (flags & FLAG_END) this.ended = true;

    const continued = (flags & FLAG_CONTINUED) !== 0;
    if (continued !== this.partial.length > 0) throw corrupt('The Ogg data is damaged (a packet is cut).');

    let offset = HEADER_LENGTH + segments;
    let start = offset;
    let completedPacket = false;
    for (let i = 0; i < segments; i += 1) {
      const lace = page[HEADER_LENGTH + i]!;
      offset += lace;
      if (lace < 255) {
        this.keep(page.subarray(start, offset));
        this.deliver(this.partial.length === 1 ? this.partial[0]! : concat(this.partial));
        this.partial = [];
        this.partialBytes = 0;
        start = offset;
        completedPacket = true;
      }
    }
    // A final lacing value of 255 leaves a packet open: its remainder is on the next page.
    if (start < offset) this.keep(page.subarray(start, offset));

    const granule = view.getBigUint64(6, true);
    if (completedPacket && granule !== NO_GRANULE && this.packetIndex > 2) this.lastGranule = Number(granule);
    return true;
  }

  private keep(part: Uint8Array): void {
    this.partialBytes += part.length;
    if (this.partialBytes > MAX_PACKET_BYTES) throw corrupt('An Ogg packet is larger than a recording has.');
    this.partial.push(part);
  }

  private deliver(packet: Uint8Array): void {
    const index = this.packetIndex;
    this.packetIndex += 1;
    if (index === 0) {
      if (startsWith(packet, '\x01vorbis')) throw unsupported('Ogg audio must be Opus, not Vorbis.');
      if (startsWith(packet, 'fLaC') || startsWith(packet, '\x7fFLAC'))
        throw unsupported('Ogg audio must be Opus, not FLAC.');
      if (!isOpusHead(packet)) throw unsupported('Ogg audio must be Opus.');
      this.sink.start(parseOpusHead(packet));
    } else if (index === 1) {
      if (!startsWith(packet, 'OpusTags')) throw corrupt('The Ogg Opus comment header is missing.');
    } else {
      this.sink.push(packet);
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
