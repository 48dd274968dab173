import { CaptureError, startPcmCapture } from './pcmCapture';

jest.mock('./workletUrl', () => ({ workletUrl: () => 'https://remote.example/pcm-worklet.js' }));

// Web Audio and the microphone as far as pcmCapture uses them; jsdom has neither.

class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

class FakeStream {
  tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}

const node = () => ({ connect: jest.fn((next: unknown) => next), disconnect: jest.fn() });

class FakeContext {
  static made: FakeContext[] = [];
  static workletRefused = false;
  sampleRate = 48000;
  state = 'running';
  closed = false;
  destination = {};
  source = node();
  audioWorklet = {
    addModule: jest.fn(async (url: string) => {
      if (FakeContext.workletRefused) throw new Error(`refused ${url}`);
    }),
  };
  decoded: { sampleRate: number; channels: Float32Array[] } | null = null;
  constructor() {
    FakeContext.made.push(this);
  }
  createAnalyser() {
    return {
      ...node(),
      fftSize: 0,
      getByteTimeDomainData: (frame: Uint8Array) => frame.forEach((_, i) => (frame[i] = i % 2 ? 192 : 64)),
    };
  }
  createMediaStreamSource() {
    return this.source;
  }
  createGain() {
    return { ...node(), gain: { value: 1 } };
  }
  async decodeAudioData() {
    const decoded = this.decoded!;
    return {
      sampleRate: decoded.sampleRate,
      numberOfChannels: decoded.channels.length,
      getChannelData: (i: number) => decoded.channels[i]!,
    };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/** The worklet node: the test hands it blocks; on 'flush' it answers with what it still held, then 'flushed'. */
class FakeWorkletNode {
  static made: FakeWorkletNode[] = [];
  held: Float32Array[] = [];
  connect = jest.fn((next: unknown) => next);
  disconnect = jest.fn();
  port = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: (message: unknown) => {
      if (message !== 'flush') return;
      setTimeout(() => {
        for (const block of this.held.splice(0)) this.port.onmessage?.({ data: block });
        this.port.onmessage?.({ data: 'flushed' });
      });
    },
  };
  constructor(
    public context: FakeContext,
    public name: string,
    public options: AudioWorkletNodeOptions,
  ) {
    FakeWorkletNode.made.push(this);
  }
  deliver(...samples: number[]) {
    this.port.onmessage?.({ data: Float32Array.from(samples) });
  }
}

class FakeMediaRecorder {
  static made: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeMediaRecorder.made.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

let streams: FakeStream[];
let getUserMedia: jest.Mock;

beforeEach(() => {
  FakeContext.made = [];
  FakeContext.workletRefused = false;
  FakeWorkletNode.made = [];
  FakeMediaRecorder.made = [];
  streams = [];
  getUserMedia = jest.fn(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.assign(window, {
    AudioContext: FakeContext,
    AudioWorkletNode: FakeWorkletNode,
    MediaRecorder: FakeMediaRecorder,
  });
  Object.assign(globalThis, { AudioWorkletNode: FakeWorkletNode });
});

const released = () => streams.every((s) => s.tracks.every((t) => t.readyState === 'ended'));

describe('capturing the microphone as PCM', () => {
  it('loads the worklet from the remote, asks for mono, and gives every sample captured, the last ones too', async () => {
    const capture = await startPcmCapture();
    const context = FakeContext.made[0]!;
    expect(context.audioWorklet.addModule).toHaveBeenCalledWith('https://remote.example/pcm-worklet.js');
    const worklet = FakeWorkletNode.made[0]!;
    expect(worklet.name).toBe('pcm-capture');
    expect(worklet.options).toMatchObject({ channelCount: 1, channelCountMode: 'explicit' });
    expect(context.source.connect).toHaveBeenCalledWith(worklet);
    expect(capture.level()).toBeGreaterThan(0);

    worklet.deliver(0.1, 0.2);
    worklet.deliver(0.3);
    worklet.held.push(Float32Array.from([0.4, 0.5]));
    expect(released()).toBe(false);

    const { samples, sampleRate } = await capture.stop();
    expect(Array.from(samples).map((v) => Math.round(v * 10) / 10)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(sampleRate).toBe(48000);
    // The microphone is released as soon as the recording stops.
    expect(released()).toBe(true);
    expect(context.closed).toBe(true);
  });

  it('records with MediaRecorder and decodes to mono when the worklet cannot be loaded', async () => {
    FakeContext.workletRefused = true;
    const capture = await startPcmCapture();
    expect(FakeWorkletNode.made).toHaveLength(0);
    expect(FakeMediaRecorder.made[0]!.state).toBe('recording');
    FakeContext.made[0]!.decoded = {
      sampleRate: 44100,
      channels: [Float32Array.from([0.5, 0]), Float32Array.from([0.5, 1])],
    };
    const { samples, sampleRate } = await capture.stop();
    expect(Array.from(samples)).toEqual([0.5, 0.5]);
    expect(sampleRate).toBe(44100);
    expect(released()).toBe(true);
    expect(FakeContext.made[0]!.closed).toBe(true);
  });

  it('says "microphone" when access is refused, and opens no audio context', async () => {
    getUserMedia.mockRejectedValueOnce(
      Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }),
    );
    await expect(startPcmCapture()).rejects.toMatchObject({ problem: 'microphone' });
    expect(FakeContext.made).toHaveLength(0);
  });

  it('says "unsupported" when the browser has no Web Audio', async () => {
    Object.assign(window, { AudioContext: undefined });
    const failure = startPcmCapture();
    await expect(failure).rejects.toBeInstanceOf(CaptureError);
    await expect(failure).rejects.toMatchObject({ problem: 'unsupported' });
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('tells when the microphone goes away while recording', async () => {
    const onFailure = jest.fn();
    await startPcmCapture({ onFailure });
    streams[0]!.tracks[0]!.dispatchEvent(new Event('ended'));
    expect(onFailure).toHaveBeenCalledWith('disconnected');
  });

  it('releases the microphone on cancel, keeping nothing', async () => {
    const onFailure = jest.fn();
    const capture = await startPcmCapture({ onFailure });
    capture.cancel();
    expect(released()).toBe(true);
    expect(FakeContext.made[0]!.closed).toBe(true);
    expect(FakeWorkletNode.made[0]!.port.onmessage).toBeNull();
    // A track ending because we stopped it is not a failure.
    streams[0]!.tracks[0]!.dispatchEvent(new Event('ended'));
    expect(onFailure).not.toHaveBeenCalled();
  });
});
