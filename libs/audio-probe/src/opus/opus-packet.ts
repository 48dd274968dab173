/** Samples at 48 kHz in one Opus frame, by the TOC byte's configuration number (RFC 6716 §3.1). */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT: 2.5, 5, 10, 20 ms
}

/** Longest duration one packet may carry (RFC 6716 §3.2.5). */
const MAX_PACKET_SAMPLES = 5760;
/** Largest compressed frame (RFC 6716 §3.2.1). */
const MAX_FRAME_BYTES = 1275;

/** A frame length coded in one or two bytes (RFC 6716 §3.2.1), or null if the bytes run out. */
function frameLength(packet: Uint8Array, offset: number): { length: number; bytes: number } | null {
  if (offset >= packet.length) return null;
  const first = packet[offset]!;
  if (first < 252) return { length: first, bytes: 1 };
  if (offset + 1 >= packet.length) return null;
  return { length: first + 4 * packet[offset + 1]!, bytes: 2 };
}

/**
 * Samples (at 48 kHz) an Opus packet decodes to, or null when it breaks the framing rules of RFC 6716 §3.2
 * (R1-R7), which libopus would refuse with OPUS_INVALID_PACKET. Checking here keeps broken packets away from
 * the WASM decoder, which logs every refusal to the console.
 */
export function opusPacketSamples(packet: Uint8Array): number | null {
  if (packet.length < 1) return null;
  const toc = packet[0]!;
  const perFrame = frameSamples(toc >> 3);
  let remaining = packet.length - 1;
  switch (toc & 3) {
    case 0:
      return remaining <= MAX_FRAME_BYTES ? perFrame : null;
    case 1:
      return remaining % 2 === 0 && remaining / 2 <= MAX_FRAME_BYTES ? 2 * perFrame : null;
    case 2: {
      const first = frameLength(packet, 1);
      if (!first) return null;
      remaining -= first.bytes;
      if (first.length > remaining || remaining - first.length > MAX_FRAME_BYTES) return null;
      return 2 * perFrame;
    }
    default: {
      if (packet.length < 2) return null;
      const countByte = packet[1]!;
      const frames = countByte & 0x3f;
      if (frames === 0 || frames * perFrame > MAX_PACKET_SAMPLES) return null;
      let offset = 2;
      remaining -= 1;
      if (countByte & 0x40) {
        // Padding length: bytes of 255 each add 254 and continue; the last adds its value.
        let byte: number;
        do {
          if (offset >= packet.length) return null;
          byte = packet[offset]!;
          offset += 1;
          remaining -= 1 + (byte === 255 ? 254 : byte);
        } while (byte === 255);
        if (remaining < 0) return null;
      }
      if (countByte & 0x80) {
        // Variable bitrate: every frame but the last states its length.
        for (let i = 0; i < frames - 1; i += 1) {
          const frame = frameLength(packet, offset);
          if (!frame) return null;
          offset += frame.bytes;
          remaining -= frame.bytes + frame.length;
          if (remaining < 0) return null;
        }
        if (remaining > MAX_FRAME_BYTES) return null;
      } else if (remaining % frames !== 0 || remaining / frames > MAX_FRAME_BYTES) {
        return null;
      }
      return frames * perFrame;
    }
  }
}
