// A decode thread of the release builder (see clip-decoder.ts): takes in, WAV clips out.
import { parentPort } from 'node:worker_threads';
import { decodeClip, type DecodeReply, type DecodeRequest } from './clip-decoder';

parentPort?.on('message', (request: DecodeRequest) => {
  decodeClip(request.take, request.sampleRate).then(
    (clip) => {
      const wav = new Uint8Array(clip.wav.buffer, clip.wav.byteOffset, clip.wav.byteLength);
      const reply: DecodeReply = { id: request.id, wav, frames: clip.frames, snrDb: clip.snrDb };
      // encodeWav16 allocates the clip's own ArrayBuffer (larger than the pool), so it can be handed over.
      const whole = wav.byteOffset === 0 && wav.byteLength === wav.buffer.byteLength;
      parentPort!.postMessage(reply, whole ? [wav.buffer as ArrayBuffer] : []);
    },
    (error: unknown) => {
      const reply: DecodeReply = { id: request.id, error: String(error) };
      parentPort!.postMessage(reply);
    },
  );
});
