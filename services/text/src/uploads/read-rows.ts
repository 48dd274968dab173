import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { DATASET_UPLOAD_JSON_MAX_DEPTH } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { boundedJsonParser } from './bounded-json';
import { CSV_MAX_RECORD_BYTES } from './content-inspector';

/** One data row of an uploaded file: its 1-based number and its values by column (or key) name. */
export interface UploadRow {
  row: number;
  /** Values by lower-case column name; null when a JSON element is not an object. */
  values: Record<string, string> | null;
}

const columnName = (name: string) => name.normalize('NFC').trim().toLowerCase();

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

async function* csvRows(stream: Readable): AsyncGenerator<UploadRow> {
  const parser = stream.pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      max_record_size: CSV_MAX_RECORD_BYTES,
      columns: (header: string[]) => header.map(columnName),
    }),
  );
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      row += 1;
      yield { row, values: record };
    }
  } catch (err) {
    // Stored before its content was checked as it is now: refused, never a failure of the service.
    throw new HttpError(422, 'upload.not_importable', `Row ${row + 1} could not be read: ${String(err)}`);
  }
}

async function* jsonRows(stream: Readable): AsyncGenerator<UploadRow> {
  const pending: UploadRow[] = [];
  let row = 0;
  let failure: Error | null = null;
  // Where the last token between two elements was: an element longer than a CSV record may be is refused
  // before the parser has built more of it.
  let boundary = 0;
  let read = 0;
  const parser = boundedJsonParser({
    maxDepth: DATASET_UPLOAD_JSON_MAX_DEPTH,
    paths: ['$.*'],
    onToken: ({ depth, offset }) => {
      if (depth <= 1) boundary = offset;
    },
    onValue: ({ value }) => {
      row += 1;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        pending.push({ row, values: null });
        return;
      }
      const values: Record<string, string> = {};
      for (const [key, v] of Object.entries(value)) values[columnName(key)] = asText(v);
      pending.push({ row, values });
    },
    onError: (error) => {
      failure = error;
    },
  });
  // A file stored before uploads were checked as they are now may be nested too deep or not be JSON:
  // refused, never a failure of the service.
  const refusal = () =>
    parser.tooDeep
      ? new HttpError(422, 'upload.json_too_deep')
      : new HttpError(422, 'upload.not_importable', `Row ${row + 1} could not be read: ${String(failure)}`);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parser.write(chunk);
    read += chunk.length;
    yield* pending.splice(0);
    if (failure) throw refusal();
    if (read - boundary > CSV_MAX_RECORD_BYTES) {
      throw new HttpError(422, 'upload.not_importable', `Row ${row + 1} is longer than 1 MB.`);
    }
  }
  parser.end();
  yield* pending.splice(0);
  if (failure) throw refusal();
}

/**
 * Reads the data rows of a stored CSV (after its header) or JSON array as its bytes stream back: the caller
 * stops when it has enough. The content was checked when it was uploaded.
 */
export function readUploadRows(stream: Readable, type: 'csv' | 'json'): AsyncGenerator<UploadRow> {
  return type === 'csv' ? csvRows(stream) : jsonRows(stream);
}
