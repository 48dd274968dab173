import type { ZipFile } from 'yazl';
import type { ReleasePartDoc } from '../store';

export const PARQUET_CONTENT_TYPE = 'application/vnd.apache.parquet';
export const TSV_CONTENT_TYPE = 'text/tab-separated-values; charset=utf-8';

/**
 * Where the next byte of `zip`'s output lands. yazl asks a lazy entry for its stream right after writing the
 * entry's local header, so read then, this is where the entry's data starts; for an entry stored without
 * compression its bytes follow there unchanged, and a range of the stored archive is the file itself.
 */
function outputCursor(zip: ZipFile): number {
  const cursor = (zip as unknown as { outputStreamCursor?: unknown }).outputStreamCursor;
  if (typeof cursor !== 'number') throw new Error('yazl no longer exposes its output cursor');
  return cursor;
}

/**
 * The files of one archive that are served on their own, noted as their entries start. Each part's size and
 * SHA-256 are read from its `file` once the archive is written (a streamed table's are known only then).
 */
export class ZipParts {
  private readonly noted: Array<{
    offset: number;
    file: { path: string; bytes: number; sha256: string };
    contentType: string;
  }> = [];

  constructor(private readonly zip: ZipFile) {}

  /** Call from the entry's lazy stream getter (its data starts at the archive's cursor then). */
  starts(file: { path: string; bytes: number; sha256: string }, contentType: string): void {
    this.noted.push({ offset: outputCursor(this.zip), file, contentType });
  }

  list(): ReleasePartDoc[] {
    return this.noted.map(({ offset, file, contentType }) => ({
      path: file.path,
      offset,
      bytes: file.bytes,
      sha256: file.sha256,
      contentType,
    }));
  }
}
