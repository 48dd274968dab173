// An inspection thread (inspection-thread.ts): the chunks of one uploaded file in, its Inspection out.
import { parentPort, workerData } from 'node:worker_threads';
import { ContentInspector } from './content-inspector';
import type { InspectionReply, InspectionRequest, InspectionWorkerData } from './inspection-thread';

const inspector = new ContentInspector((workerData as InspectionWorkerData).maxDepth);
const port = parentPort!;

port.on('message', (request: InspectionRequest) => {
  if (request.type === 'chunk') {
    const { bytes } = request;
    inspector.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const reply: InspectionReply = { type: 'taken', bytes: bytes.byteLength };
    port.postMessage(reply);
    return;
  }
  void inspector.finish().then((inspection) => {
    const reply: InspectionReply = { type: 'done', inspection };
    port.postMessage(reply);
  });
});
