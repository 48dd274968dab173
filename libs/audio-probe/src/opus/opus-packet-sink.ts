import type { OpusHead } from './opus-head';

/** Where a demuxer delivers one Opus stream: its header once, then its packets in order. */
export interface OpusPacketSink {
  start(head: OpusHead): void;
  push(packet: Uint8Array): void;
}
