import { spawn } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectId } from 'mongodb';
import { decodeToPcm, encodeWav16 } from '@platform/audio-probe';
import type { AudioStore } from './store';

/** Speech stays intelligible at this rate in mono Opus, at about a quarter of a browser recording's bytes. */
export const SMALL_RENDITION_KBPS = 16;
const SMALL_RENDITION_RATE = 16000;
/** An encoder that has not finished by then is stuck: the original is served. */
const ENCODE_TIMEOUT_MS = 20_000;

/** WAV in, Ogg/Opus out; null when the encoder is missing or fails. */
export type OpusEncoder = (wav: Buffer) => Promise<Buffer | null>;

/**
 * opus-tools' `opusenc` as a child process, reading WAV on stdin and writing Ogg/Opus on stdout. Its absence
 * (ENOENT) is an answer, not an error: the service serves originals without it.
 */
export function opusencEncoder(binary: string, kbps = SMALL_RENDITION_KBPS): OpusEncoder {
  return (wav) =>
    new Promise((resolve) => {
      let child;
      try {
        child = spawn(binary, ['--quiet', '--bitrate', String(kbps), '--downmix-mono', '-', '-'], {
          stdio: ['pipe', 'pipe', 'ignore'],
        });
      } catch {
        resolve(null);
        return;
      }
      const out: Buffer[] = [];
      const timer = setTimeout(() => child.kill('SIGKILL'), ENCODE_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.on('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code === 0 && out.length ? Buffer.concat(out) : null);
      });
      // A missing binary fails the write too (EPIPE): the 'error' above answers.
      child.stdin.on('error', () => undefined);
      child.stdin.end(wav);
    });
}

export type SmallRendition =
  | { kind: 'small'; fileId: ObjectId }
  /** Served as it is: the encoder is missing or failed, the input cannot be decoded, or it would not shrink. */
  | { kind: 'original'; why: 'encoder' | 'input' | 'larger' };

/**
 * Small renditions of stored audio for people who save data: the original decoded (WebM/Opus, Ogg/Opus or
 * WAV, by the audio probe's own decoder), mixed to mono 16 kHz and encoded as low-bitrate Opus by `encoder`,
 * made the first time one is asked for and kept in GridFS beside the original. Concurrent first requests in
 * this process share one encoding; across instances the first recorded wins and the others drop theirs.
 */
export function smallRenditions(audio: AudioStore, encoder: OpusEncoder, log: FastifyBaseLogger) {
  const making = new Map<string, Promise<SmallRendition>>();

  const make = async (original: ObjectId, now: Date): Promise<SmallRendition> => {
    const bytes = await audio.readAll(original);
    let wav: Buffer;
    try {
      wav = encodeWav16((await decodeToPcm(bytes, SMALL_RENDITION_RATE)).samples, SMALL_RENDITION_RATE);
    } catch {
      return { kind: 'original', why: 'input' };
    }
    const opus = await encoder(wav);
    if (!opus) return { kind: 'original', why: 'encoder' };
    if (opus.length >= bytes.length) return { kind: 'original', why: 'larger' };
    const fileId = await audio.keepSmallRendition(original, opus, now);
    return fileId ? { kind: 'small', fileId } : { kind: 'original', why: 'encoder' };
  };

  return {
    /** The small rendition of a stored file, made now if it was never made; the original when it cannot be. */
    async of(original: ObjectId, now: Date): Promise<SmallRendition> {
      const kept = await audio.smallRenditionOf(original);
      if (kept) return { kind: 'small', fileId: kept };
      const key = original.toHexString();
      let pending = making.get(key);
      if (!pending) {
        pending = make(original, now)
          .catch((err: unknown) => {
            log.warn({ err, file: key }, 'small rendition not made; the original is served');
            return { kind: 'original', why: 'encoder' } as const;
          })
          .finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}

export type SmallRenditions = ReturnType<typeof smallRenditions>;
