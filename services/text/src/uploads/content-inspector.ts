import { parse, type Parser } from 'csv-parse';
import type { DatasetUploadImportKind, DatasetUploadType } from '@platform/contracts';
import { boundedJsonParser, TokenType, type BoundedJsonParser, type DepthToken } from './bounded-json';

/** What a file holds, read from its bytes (never from its name). */
export interface Inspection {
  bytes: number;
  /** The kind the content is, or null for none of CSV, JSON and DICOM. */
  kind: DatasetUploadType | null;
  /** What an import into the review queue would take from it, when the content allows one. */
  importable: DatasetUploadImportKind | null;
  /** Data rows: CSV records after the header, or the elements of a JSON array (0 otherwise). */
  rows: number;
  /**
   * Set when the file is refused for how it is built rather than for its type: JSON nested past the
   * deepest level allowed (DATASET_UPLOAD_JSON_MAX_DEPTH), or content the inspection thread could not read
   * within its memory.
   */
  refusal?: InspectionRefusal;
}

/** Why a file was refused by its inspection, as the error code the upload answers with. */
export type InspectionRefusal = 'upload.json_too_deep' | 'upload.inspection_failed';

/** The largest CSV record read: a file with a longer one (an unclosed quote, a binary blob) is not CSV. */
export const CSV_MAX_RECORD_BYTES = 1024 * 1024;
/** DICOM Part 10: a 128-byte preamble, then the four bytes `DICM`. */
const DICOM_MAGIC_AT = 128;
const DICOM_MAGIC = Buffer.from('DICM', 'latin1');

/** A column or key name as compared: NFC, trimmed, lower case. */
const columnName = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** Columns (CSV header) or keys (JSON objects) of sentences, and of English–Yoruba pairs (either naming). */
export const SENTENCE_COLUMNS = ['text', 'language', 'citation'] as const;
export const PAIR_COLUMNS = [
  ['english', 'yoruba'],
  ['source_lang_text', 'target_lang_text'],
] as const;

/** What a file with these columns (or keys) holds for an import: sentences, text pairs, or neither. */
export function importKindOf(columns: readonly string[]): DatasetUploadImportKind | null {
  const names = new Set(columns.map(columnName));
  if (SENTENCE_COLUMNS.every((c) => names.has(c))) return 'sentences';
  if (PAIR_COLUMNS.some((pair) => pair.every((c) => names.has(c)))) return 'text-pairs';
  return null;
}

// eslint-disable-next-line no-control-regex -- the point: text files have no such characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/u;

/** The tokens a JSON value starts with. */
const VALUE_STARTS = new Set([
  TokenType.LEFT_BRACE,
  TokenType.LEFT_BRACKET,
  TokenType.STRING,
  TokenType.NUMBER,
  TokenType.TRUE,
  TokenType.FALSE,
  TokenType.NULL,
]);

/**
 * Reads a file's bytes as they stream by, once, and tells what the content is: DICOM (`DICM` at byte 128),
 * JSON (UTF-8 text whose root object or array parses, by a streaming parser), CSV (other UTF-8 text that
 * csv-parse reads with a constant column count), or none. Memory stays bounded: one CSV record, or the
 * open levels of the JSON (at most `maxDepth`) and the token being read; nothing else of the file is
 * kept. The service runs it on an inspection thread (inspection-thread.ts), never on the thread that answers.
 */
export class ContentInspector {
  private bytes = 0;
  private head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private text = true;
  /** '[' or '{' once the first non-blank character is seen; anything else means "not JSON". */
  private firstCharacter: string | null = null;
  private json: BoundedJsonParser | null = null;
  private jsonOk = true;
  private jsonElements = 0;
  private jsonFirstKeys: string[] | null = null;
  /** Reading the root's first element, an object: the next string at its level is one of its keys. */
  private inFirstObject = false;
  private expectingKey = false;
  private readonly csv: Parser;
  private csvError: unknown = null;
  private csvHeader: string[] | null = null;
  private csvRows = 0;
  private readonly csvDone: Promise<void>;

  /** `maxDepth`: the deepest JSON nesting taken (DATASET_UPLOAD_JSON_MAX_DEPTH, given by the caller). */
  constructor(private readonly maxDepth: number) {
    this.csv = parse({ bom: true, skip_empty_lines: true, max_record_size: CSV_MAX_RECORD_BYTES });
    this.csv.on('data', (record: string[]) => {
      if (this.csvHeader === null) this.csvHeader = record;
      else this.csvRows += 1;
    });
    // Settles when the parser has read everything, failed, or was stopped (destroy emits only 'close').
    this.csvDone = new Promise<void>((resolve) => {
      this.csv.on('end', resolve);
      this.csv.on('close', resolve);
      this.csv.on('error', (err) => {
        this.csvError = err;
        resolve();
      });
    });
  }

  /** Takes the next chunk of the file. */
  write(chunk: Buffer) {
    this.bytes += chunk.length;
    if (this.head.length < DICOM_MAGIC_AT + DICOM_MAGIC.length) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, DICOM_MAGIC_AT + DICOM_MAGIC.length);
    }
    if (!this.text) return;
    let decoded: string;
    try {
      decoded = this.decoder.decode(chunk, { stream: true });
    } catch {
      return this.notText();
    }
    this.takeText(decoded, chunk);
  }

  /** The verdict, once the whole file has been written. */
  async finish(): Promise<Inspection> {
    if (this.text) {
      try {
        this.takeText(this.decoder.decode(), null);
      } catch {
        this.notText();
      }
    }
    if (!this.csv.destroyed) this.csv.end();
    await this.csvDone;
    if (this.json && this.jsonOk) this.json.end();
    const inspection = { bytes: this.bytes, kind: null, importable: null, rows: 0 };
    const head = this.head.subarray(DICOM_MAGIC_AT, DICOM_MAGIC_AT + DICOM_MAGIC.length);
    if (head.equals(DICOM_MAGIC)) return { ...inspection, kind: 'dicom' };
    if (!this.text) return inspection;
    if (this.json?.tooDeep) return { ...inspection, refusal: 'upload.json_too_deep' };
    if (this.json && this.jsonOk && this.json.isEnded) {
      const rows = this.firstCharacter === '[' ? this.jsonElements : 0;
      const importable = rows > 0 && this.jsonFirstKeys ? importKindOf(this.jsonFirstKeys) : null;
      return { ...inspection, kind: 'json', importable, rows };
    }
    if (this.json) return inspection;
    if (this.csvError === null && this.csvHeader !== null) {
      const importable = this.csvRows > 0 ? importKindOf(this.csvHeader) : null;
      return { ...inspection, kind: 'csv', importable, rows: this.csvRows };
    }
    return inspection;
  }

  /** Stops every reader: the file is not stored for what it is. */
  destroy() {
    this.notText();
  }

  /**
   * Checks the decoded text, and hands the chunk's bytes to the parser that applies: both parsers read bytes
   * (a character split between chunks is theirs to join), which spares them encoding the text again.
   */
  private takeText(decoded: string, bytes: Buffer | null) {
    if (CONTROL_CHARACTERS.test(decoded)) return this.notText();
    if (this.firstCharacter === null) {
      const start = decoded.search(/[^\s\ufeff]/u);
      if (start >= 0) {
        this.firstCharacter = decoded[start]!;
        if (this.firstCharacter === '[' || this.firstCharacter === '{') {
          // Text opening like JSON is judged as JSON only: a broken JSON file is not "CSV of one column".
          this.startJson();
          this.csv.destroy();
        }
      }
    }
    if (!bytes) return;
    if (this.json && this.jsonOk) this.json.write(bytes);
    if (this.csvError === null && !this.csv.destroyed) this.csv.write(bytes);
  }

  private startJson() {
    // The parser checks the grammar and keeps no value (paths: []); the elements of the root and the keys
    // of its first one are read from the tokens, so JSON nested boundedly is inspected in bounded memory
    // whatever the size of its elements.
    this.json = boundedJsonParser({
      maxDepth: this.maxDepth,
      paths: [],
      onToken: (token) => this.jsonToken(token),
      onError: () => {
        this.jsonOk = false;
      },
    });
  }

  private jsonToken({ token, value, depth }: DepthToken) {
    if (depth === 1 && VALUE_STARTS.has(token)) {
      // In a root array each value starting at depth 1 is an element (in a root object the count is not
      // used: rows are an array's elements).
      this.jsonElements += 1;
      if (this.jsonElements === 1 && token === TokenType.LEFT_BRACE) {
        this.inFirstObject = true;
        this.expectingKey = true;
        this.jsonFirstKeys = [];
      }
      return;
    }
    if (!this.inFirstObject) return;
    if (depth === 1 && token === TokenType.RIGHT_BRACE) this.inFirstObject = false;
    else if (depth === 2 && token === TokenType.COMMA) this.expectingKey = true;
    else if (depth === 2 && token === TokenType.STRING && this.expectingKey) {
      this.expectingKey = false;
      this.jsonFirstKeys!.push(String(value));
    }
  }

  private notText() {
    this.text = false;
    this.jsonOk = false;
    if (!this.csv.destroyed) this.csv.destroy();
  }
}
