import type { Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { parse } from 'csv-parse';
import type { ObjectId, Db } from 'mongodb';
import { datasetFiles } from './upload-store';

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
    parse({ bom: true, skip_empty_lines: true, columns: (header: string[]) => header.map(columnName) }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    row += 1;
    yield { row, values: record };
  }
}

async function* jsonRows(stream: Readable): AsyncGenerator<UploadRow> {
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const pending: UploadRow[] = [];
  let row = 0;
  parser.onValue = ({ value }) => {
    row += 1;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      pending.push({ row, values: null });
      return;
    }
    const values: Record<string, string> = {};
    for (const [key, v] of Object.entries(value)) values[columnName(key)] = asText(v);
    pending.push({ row, values });
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parser.write(chunk);
    yield* pending.splice(0);
  }
  if (!parser.isEnded) parser.end();
  yield* pending.splice(0);
}

/**
 * Reads the data rows of a stored CSV (after its header) or JSON array back from GridFS as they stream:
 * the caller stops when it has enough. The content was checked when it was uploaded.
 */
export function readUploadRows(db: Db, fileId: ObjectId, type: 'csv' | 'json'): AsyncGenerator<UploadRow> {
  const stream = datasetFiles(db).openDownloadStream(fileId);
  return type === 'csv' ? csvRows(stream) : jsonRows(stream);
}
