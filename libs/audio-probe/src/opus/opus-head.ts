import { corrupt, unsupported } from '../probe-result';

/** The Opus identification header (RFC 7845 §5.1), found in Ogg's first packet and WebM's CodecPrivate. */
export interface OpusHead {
  channels: number;
  /** Samples (at 48 kHz) the encoder asks decoders to drop from the start. */
  preSkip: number;
  mappingFamily: number;
  streamCount: number;
  coupledStreamCount: number;
  channelMapping: number[];
}

const MAGIC = 'OpusHead';

export const isOpusHead = (packet: Uint8Array): boolean =>
  packet.length >= 8 && String.fromCharCode(...packet.subarray(0, 8)) === MAGIC;

export function parseOpusHead(packet: Uint8Array): OpusHead {
  if (!isOpusHead(packet) || packet.length < 19) throw corrupt('The Opus header is missing or too short.');
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const version = packet[8]!;
  if (version >> 4 !== 0) throw unsupported(`Opus header version ${version} is not supported.`);
  const channels = packet[9]!;
  const preSkip = view.getUint16(10, true);
  const mappingFamily = packet[18]!;
  if (channels < 1) throw corrupt('The Opus header declares no channels.');
  if (mappingFamily === 0) {
    if (channels > 2)
      throw corrupt('The Opus header declares more than 2 channels without a channel mapping.');
    return {
      channels,
      preSkip,
      mappingFamily,
      streamCount: 1,
      coupledStreamCount: channels - 1,
      channelMapping: channels === 2 ? [0, 1] : [0],
    };
  }
  if (channels > 8) throw unsupported(`Opus with ${channels} channels is not supported.`);
  if (packet.length < 21 + channels) throw corrupt('The Opus channel mapping table is truncated.');
  const streamCount = packet[19]!;
  const coupledStreamCount = packet[20]!;
  if (streamCount < 1 || coupledStreamCount > streamCount)
    throw corrupt('The Opus stream counts are invalid.');
  return {
    channels,
    preSkip,
    mappingFamily,
    streamCount,
    coupledStreamCount,
    channelMapping: Array.from(packet.subarray(21, 21 + channels)),
  };
}
