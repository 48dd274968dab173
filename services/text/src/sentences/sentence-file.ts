import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, CsvError } from 'csv-parse';
import { SENTENCE_BULK_MAX_LINES } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import type { SubmittedLine } from './write-sentences';

/** How a file's lines are read: one sentence a line, or the first column of a CSV. */
export type SentenceFileKind = 'txt' | 'csv';

/**
 * The kind a file is read as, from its name's extension (.txt or .csv, any case); null for anything else.
 * The name only chooses how to split the content: the content itself must then be UTF-8 text.
 */
export function sentenceFileKind(filename: string | undefined): SentenceFileKind | null {
  const match = /\.(txt|csv)$/iu.exec(filename ?? '');
  return match ? (match[1]!.toLowerCase() as SentenceFileKind) : null;
}

/**
 * Decodes UTF-8 as it streams (a byte-order mark is dropped), refusing bytes that are not UTF-8 (415
 * `sentence.file_not_utf8`) and control characters no text file has (415 `sentence.file_type`: a binary
 * file renamed .txt).
 */
class Utf8Text extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.emitText(() => this.decoder.decode(chunk, { stream: true }), done);
  }

  override _flush(done: TransformCallback) {
    this.emitText(() => this.decoder.decode(), done);
  }

  private emitText(decode: () => string, done: TransformCallback) {
    let text: string;
    try {
      text = decode();
    } catch {
      return done(new HttpError(415, 'sentence.file_not_utf8'));
    }
    // eslint-disable-next-line no-control-regex -- the point: text files have no such characters
    if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/u.test(text)) {
      return done(new HttpError(415, 'sentence.file_type'));
    }
    done(null, text);
  }
}

/** First cells that name the column rather than hold a sentence (the refused-lines CSV's is `sentence`). */
const HEADER_WORDS = new Set([
  'sentence',
  'sentences',
  'text',
  'texts',
  'gbolohun',
  'gbólóhùn',
  'jimla',
  'ahịrịokwu',
]);

/** True when a CSV's first row is a header: its first cell is a column name such as `sentence`. */
export const isHeaderRow = (cells: readonly string[]): boolean =>
  HEADER_WORDS.has(
    (cells[0] ?? '')
      .normalize('NFC')
      .trim()
      .toLowerCase()
      .replace(/^["']|["']$/gu, ''),
  );

/** Splits decoded text into lines (\n, \r\n or \r), numbered from 1; blank lines are counted, not kept. */
async function* textLines(source: AsyncIterable<string>): AsyncGenerator<SubmittedLine> {
  let rest = '';
  let line = 0;
  let pendingCr = false;
  for await (const chunk of source) {
    let text = rest + chunk;
    if (pendingCr && text.startsWith('\n')) text = text.slice(1);
    pendingCr = text.endsWith('\r');
    const parts = text.split(/\r\n|\n|\r/u);
    rest = parts.pop() ?? '';
    for (const part of parts) {
      line += 1;
      if (part.trim()) yield { line, text: part };
    }
  }
  line += 1;
  if (rest.trim()) yield { line, text: rest };
}

/**
 * Reads a sentence file as it streams: every non-blank line of a .txt, or the first column of every
 * non-blank row of a .csv whose first row is skipped when it is a header. Line numbers are the file's.
 * A file of more than SENTENCE_BULK_MAX_LINES sentences is refused (413) as soon as the one too many is read.
 */
export async function readSentenceFile(stream: Readable, kind: SentenceFileKind): Promise<SubmittedLine[]> {
  const lines: SubmittedLine[] = [];
  // Each line comes back with its outcome: a file of a million one-letter lines would answer tens of MB.
  const take = (line: SubmittedLine) => {
    if (lines.length === SENTENCE_BULK_MAX_LINES) throw new HttpError(413, 'sentence.file_too_many_lines');
    lines.push(line);
  };
  const decoded = new Utf8Text();
  try {
    if (kind === 'txt') {
      await pipeline(stream, decoded, async (source: AsyncIterable<string>) => {
        for await (const l of textLines(source)) take(l);
      });
      return lines;
    }
    const parser = parse({
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    });
    let first = true;
    await pipeline(
      stream,
      decoded,
      parser,
      async (records: AsyncIterable<{ record: string[]; info: { lines: number } }>) => {
        for await (const { record, info } of records) {
          const text = record[0] ?? '';
          if (!text.trim()) continue;
          if (first) {
            first = false;
            if (isHeaderRow(record)) continue;
          }
          take({ line: info.lines, text });
        }
      },
    );
    return lines;
  } catch (err) {
    if (err instanceof CsvError) {
      throw new HttpError(400, 'sentence.file_type', `The CSV file could not be read: ${err.message}`);
    }
    throw err;
  }
}
