// The wire parser against malformed input: every message either parses or is refused with
// MalformedMessageError (never a loop, a RangeError from reading past the buffer, or a huge allocation).
import { Double, Long, serialize, type Document } from 'bson';
import { MalformedMessageError, OP_MSG, OP_QUERY, parseMessage } from './protocol';

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const header = (length: number, opCode: number): Buffer => {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(7, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
};

const withLength = (parts: Buffer[], opCode: number): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([header(16 + body.length, opCode), body]);
};

const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n, 0);
  return b;
};

const cstring = (s: string): Buffer => Buffer.concat([Buffer.from(s), Buffer.from([0])]);

function kind1(identifier: string, docs: Buffer[]): Buffer {
  const payload = Buffer.concat([cstring(identifier), ...docs]);
  return Buffer.concat([Buffer.from([1]), int32(4 + payload.length), payload]);
}

function opMsg(body: Document, sequences: Record<string, Document[]> = {}, flags = 0): Buffer {
  const sections: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [id, docs] of Object.entries(sequences))
    sections.push(
      kind1(
        id,
        docs.map((d) => Buffer.from(serialize(d))),
      ),
    );
  return withLength([int32(flags), ...sections], OP_MSG);
}

function opQuery(body: Document): Buffer {
  return withLength(
    [int32(0), cstring('admin.$cmd'), int32(0), int32(-1), Buffer.from(serialize(body))],
    OP_QUERY,
  );
}

/** Parses, and fails the test for any outcome other than a result or MalformedMessageError. */
function outcome(msg: Buffer): 'parsed' | 'refused' {
  try {
    parseMessage(msg);
    return 'parsed';
  } catch (err) {
    if (err instanceof MalformedMessageError) return 'refused';
    throw new Error(
      `parser threw ${(err as Error).name}: ${(err as Error).message} for ${msg.toString('hex')}`,
      { cause: err },
    );
  }
}

const refusal = (msg: Buffer): string => {
  try {
    parseMessage(msg);
  } catch (err) {
    expect(err).toBeInstanceOf(MalformedMessageError);
    return (err as Error).message;
  }
  throw new Error('expected the message to be refused');
};

const fixLength = (msg: Buffer): Buffer => {
  const copy = Buffer.from(msg);
  copy.writeInt32LE(copy.length, 0);
  return copy;
};

describe('well-formed messages', () => {
  test('an OP_MSG body with two document sequences parses to the body and the raw documents', () => {
    const parsed = parseMessage(
      opMsg({ insert: 'c', $db: 'd' }, { documents: [{ _id: 1 }, { _id: 2, a: 'x' }], other: [{}] }),
    );
    expect(parsed.body).toEqual({ insert: 'c', $db: 'd' });
    expect(parsed.sequences.get('documents')).toHaveLength(2);
    expect(parsed.sequences.get('other')).toHaveLength(1);
  });

  test('an empty document sequence and a checksum trailer are accepted', () => {
    const withChecksum = opMsg({ ping: 1, $db: 'admin' }, { documents: [] }, 1);
    const msg = fixLength(Buffer.concat([withChecksum, Buffer.alloc(4)]));
    expect(parseMessage(msg).sequences.get('documents')).toEqual([]);
  });

  test("an insert's documents inside its body (insertOne's) come out as their own bytes, as from a sequence", () => {
    const docs = [
      { a: Long.fromString('9007199254740993'), _id: 1 },
      { _id: 2, b: new Double(2) },
    ];
    const parsed = parseMessage(opMsg({ insert: 'c', documents: docs, ordered: true, $db: 'd' }));
    expect(parsed.body).toEqual({ insert: 'c', ordered: true, $db: 'd' });
    expect(parsed.sequences.get('documents')).toEqual(docs.map((d) => Buffer.from(serialize(d))));
  });

  test('a body whose documents are not all documents, or that is no insert, keeps them', () => {
    const mixed = parseMessage(opMsg({ insert: 'c', documents: [{ _id: 1 }, 2], $db: 'd' }));
    expect(mixed.body.documents).toEqual([{ _id: 1 }, 2]);
    expect(mixed.sequences.has('documents')).toBe(false);
    const other = parseMessage(opMsg({ aggregate: 1, documents: [{ _id: 1 }], $db: 'd' }));
    expect(other.body.documents).toEqual([{ _id: 1 }]);
  });

  test('a legacy OP_QUERY handshake parses', () => {
    expect(parseMessage(opQuery({ isMaster: 1 })).body).toEqual({ isMaster: 1 });
  });
});

describe('malformed sections are refused', () => {
  test('a zero-length document in a document sequence (it used to loop until memory ran out)', () => {
    const msg = withLength(
      [
        int32(0),
        Buffer.from([0]),
        Buffer.from(serialize({ insert: 'c', $db: 'd' })),
        kind1('documents', [int32(0)]),
      ],
      OP_MSG,
    );
    expect(refusal(msg)).toMatch(/invalid document length 0/);
  });

  test('zero, negative and oversized lengths for the body, a sequence and its documents', () => {
    const body = Buffer.from(serialize({ insert: 'c', $db: 'd' }));
    const doc = Buffer.from(serialize({ _id: 1 }));
    for (const bad of [0, 1, 4, -1, -1000, 0x7fffffff]) {
      const badBody = Buffer.from(body);
      badBody.writeInt32LE(bad, 0);
      expect(outcome(withLength([int32(0), Buffer.from([0]), badBody], OP_MSG))).toBe('refused');

      const seq = kind1('documents', [doc]);
      seq.writeInt32LE(bad, 1);
      expect(outcome(withLength([int32(0), Buffer.from([0]), body, seq], OP_MSG))).toBe('refused');

      const badDoc = Buffer.from(doc);
      badDoc.writeInt32LE(bad, 0);
      expect(
        outcome(withLength([int32(0), Buffer.from([0]), body, kind1('documents', [badDoc])], OP_MSG)),
      ).toBe('refused');
    }
  });

  test('truncated messages, an unterminated identifier, a missing body and unknown kinds', () => {
    const good = opMsg({ insert: 'c', $db: 'd' }, { documents: [{ _id: 1 }, { _id: 2 }] });
    const bodyEnd = 21 + good.readInt32LE(21); // a cut between sections leaves a valid shorter message
    for (let cut = 0; cut < good.length; cut++) {
      expect(outcome(good.subarray(0, cut))).toBe('refused');
      // with the header's length made to agree, a cut inside a section is still refused
      if (cut >= 4 && cut !== bodyEnd) expect(outcome(fixLength(good.subarray(0, cut)))).toBe('refused');
    }
    expect(refusal(withLength([int32(0), Buffer.from([1]), int32(9), Buffer.from('abcde')], OP_MSG))).toMatch(
      /cstring/,
    );
    expect(refusal(withLength([int32(0)], OP_MSG))).toMatch(/without flags or sections/);
    expect(refusal(withLength([int32(0), kind1('documents', [])], OP_MSG))).toMatch(/without a body/);
    expect(refusal(withLength([int32(0), Buffer.from([2]), int32(5), Buffer.from([0])], OP_MSG))).toMatch(
      /section kind 2/,
    );
    expect(refusal(withLength([int32(0)], 2001))).toMatch(/unsupported opCode/);
  });
});

test('fuzz: 10,000 mutated and random messages each parse or are refused, from fixed seeds', () => {
  const seeds = [
    opMsg({ insert: 'people', ordered: true, $db: 'app' }, { documents: [{ _id: 1, n: 'a' }, { _id: 2 }] }),
    opMsg({ update: 'people', $db: 'app' }, { updates: [{ q: { _id: 1 }, u: { $inc: { n: 1 } } }] }),
    opMsg({ find: 'people', filter: { a: { $gt: 1 } }, $db: 'app' }),
    opQuery({ isMaster: 1, client: { driver: { name: 'x' } } }),
  ];
  const counts = { parsed: 0, refused: 0 };
  for (let seed = 1; seed <= 10_000; seed++) {
    const rand = prng(seed);
    const pick = (n: number) => Math.floor(rand() * n);
    const base = Buffer.from(seeds[pick(seeds.length)]!);
    let msg: Buffer;
    switch (pick(5)) {
      case 0: // truncated, with the header's length either kept or made to agree
        msg = base.subarray(0, pick(base.length));
        if (rand() < 0.5 && msg.length >= 4) msg = fixLength(msg);
        break;
      case 1: {
        // a length field somewhere set to zero, negative, tiny or oversized
        msg = Buffer.from(base);
        const at = 16 + pick(Math.max(1, msg.length - 20));
        const values = [0, 1, 4, 5, -1, -5, 0x7fffffff, msg.length, msg.length * 2, pick(1 << 16)];
        msg.writeInt32LE(values[pick(values.length)]!, at);
        break;
      }
      case 2: {
        // random bytes overwritten after the header
        msg = Buffer.from(base);
        for (let i = 0, n = 1 + pick(8); i < n; i++) msg[16 + pick(msg.length - 16)] = pick(256);
        break;
      }
      case 3: {
        // random bytes extended past the end (trailing garbage, extra sections)
        const extra = Buffer.from(Array.from({ length: 1 + pick(40) }, () => pick(256)));
        msg = fixLength(Buffer.concat([base, extra]));
        break;
      }
      default: {
        // a message made of random bytes behind a plausible header
        const tail = Buffer.from(Array.from({ length: pick(200) }, () => pick(256)));
        msg = withLength([tail], rand() < 0.7 ? OP_MSG : OP_QUERY);
      }
    }
    counts[outcome(msg)]++;
  }
  // both outcomes occur, so the mutations reach past the first checks
  expect(counts.refused).toBeGreaterThan(5_000);
  expect(counts.parsed).toBeGreaterThan(50);
});
