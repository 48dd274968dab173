import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DATASET_UPLOAD_JSON_MAX_DEPTH } from '@platform/contracts';
import type { Inspection } from './content-inspector';

export type InspectionRequest = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' };
export type InspectionReply = { type: 'taken'; bytes: number } | { type: 'done'; inspection: Inspection };
/** What a thread is started with (the limits live in the contracts, which the thread does not load). */
export interface InspectionWorkerData {
  maxDepth: number;
  /** The module to run, when the thread compiles the sources itself. */
  entry?: string;
}

/**
 * The heap an inspection thread may use. Inspection keeps one CSV record or one JSON element at a time, so
 * a file that needs more is built to exhaust memory, and is refused instead of taking the service with it.
 */
export const INSPECTION_MEMORY_MB = 64;

/** Bytes handed to the thread and not yet read by it: past this, the upload waits for the thread. */
const MAX_BYTES_IN_FLIGHT = 1024 * 1024;

const COMPILED = join(__dirname, 'content-inspection-worker.js');
const SOURCE = join(__dirname, 'content-inspection-worker.ts');

/**
 * From the TypeScript sources (the tests), the thread compiles each module with swc as it loads it, as Jest
 * does for the tests themselves; the built service runs the compiled file.
 */
const FROM_SOURCES = `
const { createRequire } = require('node:module');
const { workerData } = require('node:worker_threads');
const swc = createRequire(workerData.entry)('@swc/core');
require.extensions['.ts'] = (module, filename) => {
  const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
  module._compile(swc.transformFileSync(filename, options).code, filename);
};
require(workerData.entry);
`;

function startWorker(memoryMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: memoryMb,
    maxYoungGenerationSizeMb: Math.min(16, memoryMb),
  };
  const workerData: InspectionWorkerData = { maxDepth: DATASET_UPLOAD_JSON_MAX_DEPTH };
  if (existsSync(COMPILED)) return new Worker(COMPILED, { workerData, resourceLimits });
  return new Worker(FROM_SOURCES, {
    eval: true,
    workerData: { ...workerData, entry: SOURCE },
    resourceLimits,
    // The workspace libraries from their sources too, as Jest reads them.
    execArgv: ['--conditions=source'],
  });
}

/**
 * One uploaded file's content inspection (ContentInspector) on a thread of its own, with a bounded heap:
 * however the file is built, reading it never holds up the requests the service is answering, and a file
 * that makes the thread fail (out of memory, or anything else) is refused as `upload.inspection_failed`
 * rather than failing the request or the process.
 */
export class InspectionThread {
  private readonly worker: Worker;
  private readonly result: Promise<Inspection>;
  private bytes = 0;
  private inFlight = 0;
  private failed = false;
  /** The thread answered: its end afterwards is no failure. */
  private answered = false;
  private resume: (() => void) | null = null;
  /** Why the thread stopped before its answer, for the log. */
  failure: Error | null = null;

  constructor(options: { memoryMb?: number } = {}) {
    this.worker = startWorker(options.memoryMb ?? INSPECTION_MEMORY_MB);
    this.result = new Promise<Inspection>((resolve) => {
      const fail = (error: Error) => {
        if (this.failed || this.answered) return;
        this.failed = true;
        this.failure = error;
        this.release();
        resolve({
          bytes: this.bytes,
          kind: null,
          importable: null,
          rows: 0,
          refusal: 'upload.inspection_failed',
        });
      };
      this.worker.on('message', (reply: InspectionReply) => {
        if (reply.type === 'taken') {
          this.inFlight -= reply.bytes;
          if (this.inFlight <= MAX_BYTES_IN_FLIGHT / 2) this.release();
          return;
        }
        this.answered = true;
        resolve({ ...reply.inspection, bytes: this.bytes });
      });
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the inspection thread exited with code ${code}`)));
    });
  }

  /** Hands the thread the next chunk; resolves when it may take another (the upload waits meanwhile). */
  async write(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    if (this.failed) return;
    // Its own ArrayBuffer (a stream's chunk may share its pool with others), handed over without a copy.
    const bytes = new Uint8Array(chunk);
    this.inFlight += bytes.byteLength;
    const request: InspectionRequest = { type: 'chunk', bytes };
    this.worker.postMessage(request, [bytes.buffer]);
    if (this.inFlight > MAX_BYTES_IN_FLIGHT) await new Promise<void>((resolve) => (this.resume = resolve));
  }

  /** The verdict once every chunk was written; the thread ends. */
  async finish(): Promise<Inspection> {
    if (!this.failed) this.worker.postMessage({ type: 'end' } satisfies InspectionRequest);
    const inspection = await this.result;
    await this.worker.terminate();
    return inspection;
  }

  /** Ends the thread without a verdict (the upload failed). */
  destroy() {
    void this.worker.terminate();
  }

  private release() {
    const resume = this.resume;
    this.resume = null;
    resume?.();
  }
}
