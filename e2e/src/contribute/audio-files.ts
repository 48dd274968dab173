// Audio for Chromium's fake microphone, made at test time: a real spoken sentence from espeak-ng (Debian
// package, installed by .ci/run) and a silent file from sox. Chromium loops the file while recording.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FakeMicrophoneFiles {
  dir: string;
  speech: string;
  silence: string;
}

export function makeFakeMicrophoneFiles(): FakeMicrophoneFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mic-'));
  const raw = path.join(dir, 'speech-raw.wav');
  const speech = path.join(dir, 'speech.wav');
  const silence = path.join(dir, 'silence.wav');
  execFileSync('espeak-ng', [
    '-v',
    'en',
    '-s',
    '150',
    '-w',
    raw,
    'Good morning. The market opens early and everyone brings something to sell.',
  ]);
  // 48 kHz mono 16-bit PCM, what Chromium's fake capture device reads most reliably.
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', speech]);
  execFileSync('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', silence, 'trim', '0', '6']);
  return { dir, speech, silence };
}

/** Chromium flags that feed `file` to getUserMedia without asking for permission. */
export const fakeMicrophoneArgs = (file: string): string[] => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${file}`,
  '--autoplay-policy=no-user-gesture-required',
];
