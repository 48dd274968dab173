import { probeBuffer } from '../src';
import { oggCrc } from '../src/ogg/ogg-crc';

// Files built to make a parser hold or repeat work in proportion to their size: each is refused as corrupt
// by a bound, not read to its end. (A recording is at most 10 MB: these stay under it.)
const MAX_BYTES = 10 * 1024 * 1024;

/** An EBML element with an 8-byte size. */
const ebml = (id: number[], ...body: Buffer[]) => {
  const content = Buffer.concat(body);
  const size = Buffer.alloc(8);
  size.writeUIntBE(content.length, 2, 6);
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, content]);
};
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

const opusHead = () => {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt32LE(48000, 12);
  return head;
};

/** A WebM whose Tracks hold `extra` more track entries after the Opus one, then `blocks` blocks of track 2. */
function webmWithTracks(extra: number, blocks: number): Buffer {
  const audio = ebml(
    [0xae],
    Buffer.from([0xd7, 0x81, 0x01, 0x83, 0x81, 0x02]),
    ebml([0x86], Buffer.from('A_OPUS')),
    ebml([0x63, 0xa2], opusHead()),
  );
  // Track 3 again and again, track 2 last: every block of track 2 would search them all.
  const entries = [...Array.from({ length: extra - 1 }, () => Buffer.from([0xae, 0x83, 0xd7, 0x81, 0x03]))];
  entries.push(Buffer.from([0xae, 0x83, 0xd7, 0x81, 0x02]));
  const block = Buffer.from([0xa3, 0x85, 0x82, 0, 0, 0, 0xfc]);
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE]),
    ebml([0x16, 0x54, 0xae, 0x6b], audio, ...entries),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE]),
    ...Array.from({ length: blocks }, () => block),
  ]);
}

const riffWave = (chunks: Buffer[]) => {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WAVE', 8, 'latin1');
  return Buffer.concat([header, body]);
};
const wavChunk = (id: string, size: number, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(size, 4);
  return Buffer.concat([header, body]);
};
const fmt16 = () => {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(1, 0); // PCM
  body.writeUInt16LE(1, 2); // mono
  body.writeUInt32LE(8000, 4);
  body.writeUInt32LE(16000, 8);
  body.writeUInt16LE(2, 12);
  body.writeUInt16LE(16, 14);
  return wavChunk('fmt ', 16, body);
};
const tone = (frames: number) => {
  const samples = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) samples.writeInt16LE(Math.round(8000 * Math.sin(i / 3)), i * 2);
  return wavChunk('data', samples.length, samples);
};

function oggPage(flags: number, sequence: number, lacing: number[], body: Buffer): Buffer {
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigUInt64LE(0xffffffffffffffffn, 6);
  header.writeUInt32LE(7, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  lacing.forEach((value, i) => (header[27 + i] = value));
  const page = Buffer.concat([header, body]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

describe('bounds on what a crafted file can make the probe do', () => {
  it('refuses a WebM with more track entries than a recording has', async () => {
    expect(await probeBuffer(webmWithTracks(100_000, 100_000), { maxBytes: MAX_BYTES })).toEqual({
      ok: false,
      reason: 'corrupt',
      message: 'The WebM file has more tracks than a recording has.',
    });
    // A few extra tracks (say, subtitles) are still read past.
    const few = await probeBuffer(webmWithTracks(3, 10), { maxBytes: MAX_BYTES });
    expect(few).toMatchObject({ ok: false, message: 'The recording contains no audio.' });
  });

  it('refuses WebM masters nested deeper than a recording nests them', async () => {
    // Tracks inside Tracks, 200,000 levels: each one would be held open.
    const levels = 200_000;
    const header = (inner: number) => {
      const bytes = Buffer.from([0x16, 0x54, 0xae, 0x6b, 0x01, 0, 0, 0, 0, 0, 0, 0]);
      bytes.writeUIntBE(inner * bytes.length, 6, 6);
      return bytes;
    };
    const nested = Buffer.concat([
      ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
      Buffer.from([0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE]),
      ...Array.from({ length: levels }, (_, i) => header(levels - 1 - i)),
    ]);
    expect(await probeBuffer(nested, { maxBytes: MAX_BYTES })).toEqual({
      ok: false,
      reason: 'corrupt',
      message: 'The WebM elements are nested too deeply.',
    });
  });

  it('refuses a WAV with an endless list of chunks, and skips a chunk claiming 4 GB without holding it', async () => {
    const junk = Array.from({ length: 500_000 }, () => wavChunk('JUNK', 0));
    expect(await probeBuffer(riffWave([fmt16(), ...junk, tone(16000)]), { maxBytes: MAX_BYTES })).toEqual({
      ok: false,
      reason: 'corrupt',
      message: 'The WAV file has more chunks than a recording has.',
    });
    // A few chunks before the data are a normal file.
    const fine = riffWave([
      fmt16(),
      wavChunk('LIST', 4, Buffer.from('INFO')),
      wavChunk('JUNK', 0),
      tone(16000),
    ]);
    expect(await probeBuffer(fine, { maxBytes: MAX_BYTES })).toMatchObject({ ok: true, durationSeconds: 2 });
    // A chunk whose size claims more than the file holds swallows the rest, unbuffered: no data is found.
    const huge = riffWave([fmt16(), wavChunk('LIST', 0xfffffff0), Buffer.alloc(4 * 1024 * 1024)]);
    expect(await probeBuffer(huge, { maxBytes: MAX_BYTES })).toMatchObject({
      ok: false,
      message: 'The WAV file has no data chunk.',
    });
  });

  it('refuses an Ogg packet continued page after page past 1 MB', async () => {
    const pages = [oggPage(0x02, 0, [19], opusHead())];
    const full = Array<number>(255).fill(255);
    for (let i = 1; i < 40; i++) pages.push(oggPage(i === 1 ? 0 : 0x01, i, full, Buffer.alloc(255 * 255, 1)));
    expect(await probeBuffer(Buffer.concat(pages), { maxBytes: MAX_BYTES })).toEqual({
      ok: false,
      reason: 'corrupt',
      message: 'An Ogg packet is larger than a recording has.',
    });
  });
});
