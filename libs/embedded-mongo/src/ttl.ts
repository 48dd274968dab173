// Background removal of documents whose TTL-indexed date is older than expireAfterSeconds.
import { encodeKey, prefixEnd } from './storage/key-encoding';
import { toMatchable, type Engine } from './storage/engine';

export async function sweepExpired(engine: Engine, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const db of engine.listDatabases()) {
    for (const meta of engine.listCollections(db)) {
      for (const ix of meta.indexes) {
        if (ix.expireAfterSeconds === undefined || ix.fields.length !== 1) continue;
        const cutoff = new Date(now - ix.expireAfterSeconds * 1000);
        const dir = ix.fields[0]!.dir;
        // dates sort after every non-date type except timestamps/regex; scan the date bracket up to the cutoff
        const dateRank = Buffer.from([0x2c]);
        const range =
          dir === 1
            ? { start: dateRank, end: encodeKey([cutoff], [1]) }
            : { start: encodeKey([cutoff], [-1]), end: prefixEnd(Buffer.from([~0x2c & 0xff])) };
        const ids = [...engine.indexIds(ix, range)];
        if (!ids.length) continue;
        removed += await engine.write(() => {
          let n = 0;
          const current = engine.getCollection(meta.db, meta.name);
          if (current !== meta) return 0;
          for (const idEnc of ids) {
            const raw = engine.getByEncodedId(meta, idEnc);
            if (!raw) continue;
            const doc = toMatchable(raw);
            // re-check inside the transaction: the document may have been updated since the scan
            const stillExpired = engine
              .indexKeys(ix, doc)
              .some(
                (k) =>
                  (dir === 1
                    ? Buffer.compare(k.bytes, range.end) < 0
                    : Buffer.compare(k.bytes, range.start) >= 0) &&
                  k.bytes[0] === (dir === 1 ? 0x2c : ~0x2c & 0xff),
              );
            if (!stillExpired) continue;
            engine.remove(meta, { raw, doc });
            n++;
          }
          return n;
        });
      }
    }
  }
  return removed;
}
