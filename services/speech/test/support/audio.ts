// Real audio for the upload tests: Chromium's own MediaRecorder WebM files (committed with audio-probe) and
// WAV files made at test time by Debian's espeak-ng and sox.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const FIXTURES = resolve(__dirname, '../../../../libs/audio-probe/test/fixtures');

/** 3.96 s of speech, 2.46 s of silence and 19.98 s of speech, as Chromium recorded them. */
export const chromiumWebm = (name: 'speech' | 'silence' | 'long') =>
  readFileSync(join(FIXTURES, `${name}-chromium.webm`));

function run(tool: string, args: string[]) {
  try {
    execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed; the speech tests need it (apt-get install ${tool === 'sox' ? 'sox' : 'espeak-ng'}).`,
        { cause: error },
      );
    }
    throw error;
  }
}

export class AudioFiles {
  readonly dir = mkdtempSync(join(tmpdir(), 'speech-test-audio-'));
  private path = (name: string) => join(this.dir, name);

  /** espeak-ng speech as 16-bit WAV. */
  speech(text = 'Please read this sentence aloud, clearly and slowly.'): Buffer {
    run('espeak-ng', ['-w', this.path('speech.wav'), text]);
    return readFileSync(this.path('speech.wav'));
  }

  /** The same speech repeated until it is longer than `seconds`. */
  longSpeech(seconds: number): Buffer {
    this.speech();
    run('sox', [this.path('speech.wav'), this.path('long.wav'), 'repeat', String(Math.ceil(seconds / 2))]);
    return readFileSync(this.path('long.wav'));
  }

  /** The first `seconds` of the speech. */
  shortSpeech(seconds: number): Buffer {
    this.speech();
    run('sox', [this.path('speech.wav'), this.path('short.wav'), 'trim', '0', String(seconds)]);
    return readFileSync(this.path('short.wav'));
  }

  /** Digital silence. */
  silence(seconds: number): Buffer {
    run('sox', [
      '-n',
      '-D',
      '-r',
      '48000',
      '-c',
      '1',
      '-b',
      '16',
      this.path('silence.wav'),
      'trim',
      '0',
      String(seconds),
    ]);
    return readFileSync(this.path('silence.wav'));
  }

  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
