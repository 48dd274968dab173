// Drivers send insertOne's document inside the command body (insertMany's come in a kind-1 section). Handing
// such documents to the insert as their own bytes, as if they had come in a section, spares deserialising
// each one twice with the body (plain and typed) and serialising it again before it is stored.
// Anything unexpected in the body's bytes leaves the body as it is, to be parsed (or refused) as before.
import { elementsOf } from '../storage/bson-elements';

/**
 * An insert command body's `documents` array taken out as each document's own bytes, with the body left
 * without it. Undefined when the body is not an insert, has no such array, or holds anything but documents
 * there.
 */
export function liftInsertDocuments(body: Buffer): { body: Buffer; documents: Buffer[] } | undefined {
  const elements = elementsOf(body, 0, body.length);
  if (!elements?.length || elements[0]!.name !== 'insert') return undefined;
  const array = elements.find((e) => e.name === 'documents');
  if (!array || array.type !== 0x04) return undefined;
  const items = elementsOf(body, array.value, array.end);
  if (!items) return undefined;
  const documents: Buffer[] = [];
  for (const item of items) {
    if (item.type !== 0x03 || body[item.end - 1] !== 0) return undefined;
    documents.push(Buffer.from(body.subarray(item.value, item.end)));
  }
  const rest = Buffer.concat([body.subarray(0, array.start), body.subarray(array.end)]);
  rest.writeInt32LE(rest.length, 0);
  return { body: rest, documents };
}
