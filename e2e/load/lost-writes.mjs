// @ts-check
// After a run: is every write the platform acknowledged in the database? Looked up by the ids the answers
// gave (recordings, written sentences) and by recording and voter (votes, which have no id of their own in
// an answer), in the speech and text services' databases; a recording also needs its audio in GridFS.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {typeof import('mongodb')} */
const { MongoClient, ObjectId } = require('mongodb');

/** @typedef {import('./contributor.mjs').Ledger} Ledger */
/** @typedef {{ acknowledged: number, found: number, missing: string[] }} Check */

/** Ids asked for in one query. */
const CHUNK = 500;

/**
 * @template T
 * @param {readonly T[]} items
 * @returns {T[][]}
 */
const chunks = (items) => {
  /** @type {T[][]} */
  const out = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/**
 * @param {string} mongoUri
 * @param {Ledger} ledger
 * @returns {Promise<{ recordings: Check, audio: Check, votes: Check, sentences: Check, lost: number }>}
 */
export async function findLostWrites(mongoUri, ledger) {
  const client = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    const speech = client.db('speech');
    const text = client.db('text');

    /** @type {Check} */
    const recordings = { acknowledged: ledger.recordings.length, found: 0, missing: [] };
    /** @type {Check} */
    const audio = { acknowledged: ledger.recordings.length, found: 0, missing: [] };
    for (const part of chunks(ledger.recordings)) {
      const docs = await speech
        .collection('recordings')
        .find(
          { _id: { $in: part.map((r) => new ObjectId(r.id)) } },
          { projection: { speakerId: 1, audioFileId: 1 } },
        )
        .toArray();
      const byId = new Map(docs.map((d) => [d._id.toHexString(), d]));
      for (const r of part) {
        const doc = byId.get(r.id);
        if (doc && doc.speakerId === r.speakerId) recordings.found += 1;
        else recordings.missing.push(r.id);
      }
      const fileIds = docs.map((d) => d.audioFileId);
      const files = await speech
        .collection('audio.files')
        .find({ _id: { $in: fileIds } }, { projection: { _id: 1 } })
        .toArray();
      const stored = new Set(files.map((f) => String(f._id)));
      for (const d of docs) {
        if (stored.has(String(d.audioFileId))) audio.found += 1;
        else audio.missing.push(d._id.toHexString());
      }
      audio.missing.push(...part.filter((r) => !byId.has(r.id)).map((r) => r.id));
    }

    /** @type {Check} */
    const votes = { acknowledged: ledger.votes.length, found: 0, missing: [] };
    for (const part of chunks(ledger.votes)) {
      const docs = await speech
        .collection('votes')
        .find(
          {
            recordingId: { $in: [...new Set(part.map((v) => v.recordingId))].map((id) => new ObjectId(id)) },
          },
          { projection: { recordingId: 1, voterId: 1 } },
        )
        .toArray();
      const stored = new Set(docs.map((d) => `${d.recordingId.toHexString()} ${d.voterId}`));
      for (const v of part) {
        if (stored.has(`${v.recordingId} ${v.voterId}`)) votes.found += 1;
        else votes.missing.push(`${v.recordingId} by ${v.voterId}`);
      }
    }

    /** @type {Check} */
    const sentences = { acknowledged: ledger.sentences.length, found: 0, missing: [] };
    for (const part of chunks(ledger.sentences)) {
      const docs = await text
        .collection('sentences')
        .find({ _id: { $in: part.map((s) => new ObjectId(s.id)) } }, { projection: { authorId: 1 } })
        .toArray();
      const byId = new Map(docs.map((d) => [d._id.toHexString(), d]));
      for (const s of part) {
        if (byId.get(s.id)?.authorId === s.authorId) sentences.found += 1;
        else sentences.missing.push(s.id);
      }
    }

    const lost =
      recordings.missing.length + audio.missing.length + votes.missing.length + sentences.missing.length;
    return { recordings, audio, votes, sentences, lost };
  } finally {
    await client.close();
  }
}
