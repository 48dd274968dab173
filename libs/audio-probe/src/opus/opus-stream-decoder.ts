import { OpusDecoder } from 'opus-decoder';
import { LoudnessMeter } from '../loudness/loudness-meter';
import { corrupt } from '../probe-result';
import type { OpusHead } from './opus-head';
import { opusPacketSamples } from './opus-packet';

export const OPUS_SAMPLE_RATE = 48000;

/**
 * Decodes the packets a demuxer finds, in order, and measures them; keeps no PCM. The WASM decoder is created
 * when the stream's header is known and must be freed: `free()` is safe to call at any time, more than once.
 *
 * Past `maxDecodeSamples` packets are only counted from their table of contents: 5 MB of tiny Opus packets can
 * describe hours of audio, and decoding all of it would hold the event loop for minutes.
 */
export class OpusStreamDecoder {
  private decoder: OpusDecoder | null = null;
  private ready: Promise<void> | null = null;
  private pending: Uint8Array[] = [];
  private head: OpusHead | null = null;
  private freed = false;
  meter: LoudnessMeter | null = null;
  /** Samples in the stream after pre-skip: returned by the decoder, then counted once past the cap. */
  samples = 0;

  constructor(private readonly maxDecodeSamples: number) {}

  get channels(): number {
    return this.head?.channels ?? 0;
  }

  get preSkip(): number {
    return this.head?.preSkip ?? 0;
  }

  start(head: OpusHead): void {
    if (this.head) throw corrupt('The stream declares a second Opus header.');
    this.head = head;
    this.meter = new LoudnessMeter(OPUS_SAMPLE_RATE, head.channels);
    const decoder = new OpusDecoder({
      channels: head.channels,
      streamCount: head.streamCount,
      coupledStreamCount: head.coupledStreamCount,
      channelMappingTable: head.channelMapping,
      preSkip: head.preSkip,
    });
    this.decoder = decoder;
    this.ready = decoder.ready;
  }

  push(packet: Uint8Array): void {
    if (!this.head) throw corrupt('Audio data comes before the Opus header.');
    if (opusPacketSamples(packet) === null) throw corrupt('An Opus packet is malformed.');
    // The decoder copies each packet into a fixed input buffer of this size.
    if (packet.length > 32000 * 0.12 * this.head.channels)
      throw corrupt('An Opus packet is larger than allowed.');
    this.pending.push(packet);
  }

  /** Decodes everything pushed so far. */
  async flush(): Promise<void> {
    if (this.pending.length === 0 || !this.ready) return;
    await this.ready;
    const packets = this.pending;
    this.pending = [];
    if (this.freed || !this.decoder) return;
    for (const packet of packets) {
      if (this.samples >= this.maxDecodeSamples) {
        this.samples += opusPacketSamples(packet)!; // validated in push()
        continue;
      }
      const decoded = this.decoder.decodeFrame(packet);
      if (decoded.errors.length > 0) throw corrupt('An Opus packet could not be decoded.');
      this.meter!.add(decoded.channelData, decoded.samplesDecoded);
      this.samples += decoded.samplesDecoded;
    }
  }

  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.pending = [];
    const decoder = this.decoder;
    if (!decoder || !this.ready) return;
    // free() touches the WASM instance, which only exists once ready has settled.
    this.ready.then(
      () => decoder.free(),
      () => undefined,
    );
  }
}
