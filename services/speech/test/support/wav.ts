/**
 * A tiny WAV writer for the donation tests: 16-bit PCM mono, a sine tone (not silent to the probe) or digital
 * silence, of any length. Made in memory, so the tests need no audio tools.
 */
export function wav(options: {
  seconds: number;
  rate?: number;
  amplitude?: number;
  frequency?: number;
}): Buffer {
  const rate = options.rate ?? 8000;
  const amplitude = options.amplitude ?? 0.3;
  const frequency = options.frequency ?? 440;
  const frames = Math.round(options.seconds * rate);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * i) / rate));
    data.writeInt16LE(sample, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const tone = (seconds = 2) => wav({ seconds });
export const silence = (seconds = 2) => wav({ seconds, amplitude: 0 });
