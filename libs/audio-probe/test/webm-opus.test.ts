import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeBuffer } from '../src';

// Recorded by headless Chromium's MediaRecorder (test/fixtures/make-fixtures.mjs); the manifest holds the
// duration Chromium's own decoder found in each, an independent measurement to compare against.
const fixtures = join(__dirname, 'fixtures');
const manifest = JSON.parse(readFileSync(join(fixtures, 'manifest.json'), 'utf8')) as Record<
  string,
  { chromiumDecodedSeconds: number; chromiumDecodedChannels: number }
>;
const speech = readFileSync(join(fixtures, 'speech-chromium.webm'));
const speechTruth = manifest['speech-chromium.webm']!;

/** Deterministic pseudo-random numbers, so a failing corruption case can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** An 8-byte EBML size, the widest form: lets the rewrite below ignore how wide the original sizes were. */
const size8 = (n: number): Buffer => {
  const out = Buffer.alloc(8);
  out.writeUIntBE(n, 2, 6);
  out[0] = 0x01;
  return out;
};

/** Rewrites every SimpleBlock of the clusters (which follow the header) as a BlockGroup holding a Block. */
function simpleBlocksToBlockGroups(webm: Buffer): Buffer {
  const clusterId = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
  const firstCluster = webm.indexOf(clusterId);
  const parts: Buffer[] = [webm.subarray(0, firstCluster)];
  let pos = firstCluster;
  while (pos < webm.length) {
    if (webm.subarray(pos, pos + 4).equals(clusterId)) {
      parts.push(webm.subarray(pos, pos + 12)); // MediaRecorder: unknown size, 8 bytes
      pos += 12;
      continue;
    }
    const idLength = Math.clz32(webm[pos]!) - 23;
    const sizeAt = pos + idLength;
    const sizeLength = Math.clz32(webm[sizeAt]!) - 23;
    let size = webm[sizeAt]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i += 1) size = size * 256 + webm[sizeAt + i]!;
    const dataAt = sizeAt + sizeLength;
    const data = webm.subarray(dataAt, dataAt + size);
    if (idLength === 1 && webm[pos] === 0xa3) {
      const block = Buffer.concat([Buffer.from([0xa1]), size8(data.length), data]);
      parts.push(Buffer.from([0xa0]), size8(block.length), block);
    } else {
      parts.push(webm.subarray(pos, dataAt + size));
    }
    pos = dataAt + size;
  }
  return Buffer.concat(parts);
}

describe('WebM/Opus from Chromium MediaRecorder', () => {
  test('speech: WebM Opus, the length Chromium decodes, not silent', async () => {
    const result = await probeBuffer(speech);
    expect(result).toMatchObject({
      ok: true,
      container: 'webm',
      codec: 'opus',
      sampleRate: 48000,
      channels: speechTruth.chromiumDecodedChannels,
      silent: false,
    });
    if (result.ok)
      expect(Math.abs(result.durationSeconds - speechTruth.chromiumDecodedSeconds)).toBeLessThan(0.15);
  });

  test('a recording of a silent microphone is silent', async () => {
    const result = await probeBuffer(readFileSync(join(fixtures, 'silence-chromium.webm')));
    expect(result).toMatchObject({ ok: true, container: 'webm', silent: true });
    if (result.ok) {
      const truth = manifest['silence-chromium.webm']!.chromiumDecodedSeconds;
      expect(Math.abs(result.durationSeconds - truth)).toBeLessThan(0.15);
    }
  });

  test('a 20 second recording measures 20 seconds', async () => {
    const result = await probeBuffer(readFileSync(join(fixtures, 'long-chromium.webm')));
    expect(result).toMatchObject({ ok: true, container: 'webm', silent: false });
    if (!result.ok) return;
    expect(
      Math.abs(result.durationSeconds - manifest['long-chromium.webm']!.chromiumDecodedSeconds),
    ).toBeLessThan(0.15);
    expect(Math.abs(result.durationSeconds - 20)).toBeLessThan(0.3); // MediaRecorder ran for 20 s of wall time
  });

  test('blocks stored as BlockGroup/Block (as other muxers write them) give the same result', async () => {
    const grouped = simpleBlocksToBlockGroups(speech);
    expect(grouped.length).toBeGreaterThan(speech.length + 60 * 15); // 66 blocks of 60 ms, each 15 bytes longer
    expect(await probeBuffer(grouped)).toEqual(await probeBuffer(speech));
  });

  test('cut at any point: corrupt, or a duration no longer than the whole; never a crash', async () => {
    const full = speechTruth.chromiumDecodedSeconds;
    let okCount = 0;
    for (let cut = 0; cut < speech.length; cut += 311) {
      const result = await probeBuffer(speech.subarray(0, cut));
      if (result.ok) {
        okCount += 1;
        expect(result.durationSeconds).toBeGreaterThan(0);
        expect(result.durationSeconds).toBeLessThanOrEqual(full + 0.001);
      } else {
        expect(['corrupt', 'unsupported']).toContain(result.reason);
      }
    }
    // Cuts after the first audio block keep what arrived, as a browser would play it.
    expect(okCount).toBeGreaterThan(30);
  });

  test('cut inside the header: corrupt, saying the file ends early', async () => {
    const result = await probeBuffer(speech.subarray(0, 100));
    expect(result).toMatchObject({ ok: false, reason: 'corrupt' });
    if (!result.ok) expect(result.message).toMatch(/ends before/);
  });

  test('random damage: always resolves, with a sane verdict', async () => {
    const random = prng(5);
    for (let trial = 0; trial < 40; trial += 1) {
      const bytes = Buffer.from(speech);
      for (let i = 0; i < 8; i += 1) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      const result = await probeBuffer(bytes);
      if (result.ok) {
        // A damaged table-of-contents byte can lengthen a packet (up to 120 ms), never beyond that.
        expect(Number.isFinite(result.durationSeconds)).toBe(true);
        expect(result.durationSeconds).toBeGreaterThan(0);
        expect(result.durationSeconds).toBeLessThan(speechTruth.chromiumDecodedSeconds * 6);
      } else {
        expect(['corrupt', 'unsupported']).toContain(result.reason);
        expect(result.message.length).toBeGreaterThan(0);
      }
    }
  });

  test('an element that overruns its parent is corrupt', async () => {
    const bytes = Buffer.from(speech);
    // The Tracks element (1654AE6B) is followed by its one-byte size; claim far more than the file holds.
    const tracks = bytes.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    const trackEntry = tracks + 5;
    expect(bytes[trackEntry]).toBe(0xae);
    bytes[trackEntry + 1] = 0xfe; // TrackEntry size 126: past the end of Tracks
    expect(await probeBuffer(bytes)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  test('EBML that is not WebM (another DocType) is unsupported', async () => {
    const bytes = Buffer.from(speech);
    bytes.write('webx', bytes.indexOf('webm'), 'latin1');
    const result = await probeBuffer(bytes);
    expect(result).toMatchObject({ ok: false, reason: 'unsupported' });
    if (!result.ok) expect(result.message).toMatch(/webx/);
  });
});
