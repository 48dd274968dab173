import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { decodeToPcm, encodeWav16, type PcmSampleRate } from '@platform/audio-probe';
import { estimateSnrDb } from './snr';

/** One stored take made into a release clip. */
export interface DecodedClip {
  wav: Buffer;
  frames: number;
  snrDb: number | null;
}

/** Turns stored takes into WAV clips; `null` for a take that cannot be decoded (with why). */
export interface ClipDecoder {
  decode(take: Buffer): Promise<DecodedClip | { error: string }>;
  close(): Promise<void>;
}

export interface DecodeRequest {
  id: number;
  take: Uint8Array;
  sampleRate: PcmSampleRate;
}
export type DecodeReply =
  { id: number; wav: Uint8Array; frames: number; snrDb: number | null } | { id: number; error: string };

/** What a decode thread (decode-worker.ts) and the in-process decoder both do with one take. */
export async function decodeClip(take: Uint8Array, sampleRate: PcmSampleRate): Promise<DecodedClip> {
  const decoded = await decodeToPcm(take, sampleRate);
  return {
    wav: encodeWav16(decoded.samples, sampleRate),
    frames: decoded.samples.length,
    snrDb: estimateSnrDb(decoded.samples, sampleRate),
  };
}

const inProcess = (sampleRate: PcmSampleRate): ClipDecoder => ({
  decode: (take) => decodeClip(take, sampleRate).catch((error: unknown) => ({ error: String(error) })),
  close: async () => undefined,
});

/** Measured with the release benchmark: 4 MB keeps the threads' resident memory lowest at the same speed. */
const WORKER_YOUNG_MB = 4;

/**
 * Takes decoded on worker threads, round-robin. Each thread's heap stays small, so the garbage every Opus
 * decoder instance leaves (a WASM memory each) is collected cheaply there instead of in the service's heap,
 * and the service's thread is left to zip, hash and store.
 */
function threadPool(script: string, threads: number, sampleRate: PcmSampleRate): ClipDecoder {
  const pending = new Map<number, (reply: DecodeReply) => void>();
  const workers = Array.from({ length: threads }, () => {
    // A small young generation: each take leaves a decoder's WASM memory behind, collected sooner this way.
    const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    worker.on('message', (reply: DecodeReply) => {
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      settle?.(reply);
    });
    worker.on('error', (error) => {
      for (const [id, settle] of pending) settle({ id, error: `the decode thread failed: ${String(error)}` });
      pending.clear();
    });
    worker.unref();
    return worker;
  });
  let next = 0;
  return {
    decode(take) {
      const id = next++;
      const copy = new Uint8Array(take); // its own ArrayBuffer, handed over whole
      return new Promise<DecodeReply>((resolve) => {
        pending.set(id, resolve);
        const request: DecodeRequest = { id, take: copy, sampleRate };
        workers[id % workers.length]!.postMessage(request, [copy.buffer]);
      }).then((reply) =>
        'error' in reply
          ? { error: reply.error }
          : {
              wav: Buffer.from(reply.wav.buffer, reply.wav.byteOffset, reply.wav.byteLength),
              frames: reply.frames,
              snrDb: reply.snrDb,
            },
      );
    },
    /** Ends the threads; safe to call again. */
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.terminate()));
    },
  };
}

/**
 * Decode threads when the compiled worker script is there (the built service), else in this thread (the
 * TypeScript sources under test, where a worker cannot load a .ts file). `threads` 0 forces this thread.
 */
export function createClipDecoder(sampleRate: PcmSampleRate, threads: number): ClipDecoder {
  const script = join(__dirname, 'decode-worker.js');
  if (threads > 0 && existsSync(script)) return threadPool(script, threads, sampleRate);
  return inProcess(sampleRate);
}
