// Makes real audio files for the tests with Debian's command-line tools (espeak-ng, sox, opusenc), so every
// assertion runs against what those encoders actually write rather than bytes we made up.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL_HINT: Record<string, string> = {
  'espeak-ng': 'apt-get install espeak-ng',
  sox: 'apt-get install sox',
  soxi: 'apt-get install sox',
  opusenc: 'apt-get install opus-tools',
};

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed; the audio-probe tests need it (${INSTALL_HINT[tool] ?? tool}).`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

export const SPEECH = 'Please read this sentence aloud, clearly and slowly.';

/** A temporary folder of generated audio; call `remove()` in afterAll. */
export class AudioWorkshop {
  readonly dir = mkdtempSync(join(tmpdir(), 'audio-probe-test-'));

  path(name: string): string {
    return join(this.dir, name);
  }

  read(name: string): Buffer {
    return readFileSync(this.path(name));
  }

  /** espeak-ng speech: 22.05 kHz mono 16-bit WAV. */
  speak(name: string, text = SPEECH): string {
    run('espeak-ng', ['-w', this.path(name), text]);
    return name;
  }

  /** Runs sox with file names resolved inside the workshop (arguments containing '.' are taken as files). */
  sox(...args: string[]): void {
    run(
      'sox',
      args.map((a) => (/\.(wav|ogg|opus|raw)$/.test(a) ? this.path(a) : a)),
    );
  }

  /** Digital silence: exact zeros (-D turns sox's dither off, which would otherwise add faint noise). */
  silence(name: string, seconds: number, rate = 48000): string {
    this.sox('-n', '-D', '-r', String(rate), '-c', '1', '-b', '16', name, 'trim', '0', String(seconds));
    return name;
  }

  /** White noise at a linear amplitude (0.002 is about -54 dBFS peak, -59 dBFS RMS): an idle input's hiss. */
  noise(name: string, seconds: number, amplitude: number): string {
    this.sox(
      '-n',
      '-r',
      '48000',
      '-c',
      '1',
      '-b',
      '16',
      name,
      'synth',
      String(seconds),
      'whitenoise',
      'vol',
      String(amplitude),
    );
    return name;
  }

  /** Ogg/Opus as libopus' reference encoder writes it (what Firefox's MediaRecorder also produces). */
  opusenc(input: string, output: string, bitrateKbps = 32, extraArgs: string[] = []): string {
    run('opusenc', [
      '--quiet',
      '--bitrate',
      String(bitrateKbps),
      ...extraArgs,
      this.path(input),
      this.path(output),
    ]);
    return output;
  }

  /** Duration in seconds as sox reads it. */
  soxDuration(name: string): number {
    return Number(run('soxi', ['-D', this.path(name)]).trim());
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
