import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/**
 * JSON with every object's keys in order, so two requests carrying the same values hash alike whatever
 * order their client wrote them in. `undefined` (no body) reads as null.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a JSON call sent: its path parameters, its query and its body. */
export const jsonContentHash = (content: { params: unknown; query: unknown; body: unknown }) =>
  sha256(canonicalJson({ params: content.params, query: content.query, body: content.body }));

/** A file part as it streams: the same bytes go on, and their SHA-256 is kept. */
class HashingStream extends Transform {
  constructor(
    private readonly source: Readable & { truncated?: boolean },
    private readonly hash: Hash,
  ) {
    super();
  }

  /** The multipart parser's mark of a file cut at its size limit, read from the part itself. */
  get truncated(): boolean {
    return this.source.truncated === true;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (err: null, chunk: Buffer) => void) {
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/**
 * The content of a multipart call, as it is read: each text field's value and each file's SHA-256, never the
 * raw body, whose boundary differs on every retry. Files are hashed while they stream (never held whole).
 */
export class MultipartDigest {
  private readonly fields: Record<string, string> = {};
  private readonly files: Record<string, Hash> = {};

  field(name: string, value: string) {
    this.fields[name] = value;
  }

  /** The stream to hand on in place of the file part: the same bytes, hashed on the way. */
  file(name: string, stream: Readable): Readable {
    const hash = createHash('sha256');
    this.files[name] = hash;
    const hashing = new HashingStream(stream, hash);
    stream.on('error', (err) => hashing.destroy(err));
    return stream.pipe(hashing);
  }

  /** Once every part has been read. */
  digest(params: unknown, query: unknown): string {
    const files = Object.fromEntries(
      Object.entries(this.files).map(([name, hash]) => [name, hash.digest('hex')]),
    );
    return sha256(canonicalJson({ params, query, fields: this.fields, files }));
  }
}
