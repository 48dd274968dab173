// Browser media APIs jsdom lacks, as fakes that tests can drive: the microphone, MediaRecorder,
// Web Audio's analyser and HTMLAudioElement playback.

export class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

export class FakeStream {
  tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
}

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['fake opus bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** An analyser whose frames swing between quiet and loud, so the waveform has something to show. */
export class FakeAudioContext {
  closed = false;
  createAnalyser() {
    return {
      fftSize: 0,
      getByteTimeDomainData(frame: Uint8Array) {
        frame.forEach((_, i) => (frame[i] = i % 2 ? 200 : 56));
      },
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/** HTMLAudioElement stand-in: play() starts "playing", tests end the clip with `finish()`. */
export class FakeAudio extends EventTarget {
  static instances: FakeAudio[] = [];
  src = '';
  preload = '';
  paused = true;
  ended = false;
  currentTime = 0;
  constructor() {
    super();
    FakeAudio.instances.push(this);
  }
  play() {
    this.paused = false;
    this.ended = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  finish() {
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  /** The player for a given source (the latest one made). */
  static for(src: string): FakeAudio {
    const found = [...FakeAudio.instances].reverse().find((a) => a.src === src);
    if (!found) throw new Error(`no audio element plays ${src}`);
    return found;
  }
}

export interface MediaFakes {
  getUserMedia: jest.Mock;
  streams: FakeStream[];
}

/** Installs the fakes on window/navigator; call `removeMedia()` to simulate a browser without them. */
export function installMedia(): MediaFakes {
  FakeMediaRecorder.instances = [];
  FakeAudio.instances = [];
  const streams: FakeStream[] = [];
  const getUserMedia = jest.fn(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.assign(window, {
    MediaRecorder: FakeMediaRecorder,
    AudioContext: FakeAudioContext,
    Audio: FakeAudio,
  });
  let next = 0;
  URL.createObjectURL = jest.fn(() => `blob:take-${++next}`);
  URL.revokeObjectURL = jest.fn();
  return { getUserMedia, streams };
}

export function removeMedia() {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  delete (window as { MediaRecorder?: unknown }).MediaRecorder;
}
