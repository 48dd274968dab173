import { getReleaseFile, getReleasePart, routeUrl } from '@platform/contracts/client';
import type { ReleaseDatasheet } from '@platform/contracts';

/** What the lines are built from: where the page is served and what the release's manifest says. */
export interface UseItFacts {
  /** The site's origin, as the gateway serves this page (the downloads are on the same origin). */
  origin: string;
  datasetId: string;
  release: Pick<ReleaseDatasheet, 'version' | 'folder' | 'parquetSplits' | 'languages' | 'parts'>;
}

export interface UseItLines {
  /** complete.zip's address: the gateway's download route with the release's number, never `latest`. */
  url: string;
  /** The archive's name on disk. */
  zip: string;
  /** Downloads (resuming an interrupted download) with an API token in $TOKEN. */
  curl: string;
  unzip: string;
  /** Hugging Face `datasets` on the Parquet shards; null when the release has none. */
  parquet: string | null;
  /** pandas on each language's validated.tsv, read as Common Voice's scripts read it (no quoting). */
  pandas: Array<{ language: string; line: string }>;
  /** Whether the Python lines read the shards and TSVs from their own addresses (else the unzipped folder). */
  fromUrls: boolean;
}

// The API token as the curl line has it ($TOKEN), read from the environment by Python.
const BEARER = '"Bearer " + os.environ["TOKEN"]';

/**
 * The one-line loads of a release. Each Parquet shard and TSV has its own address (getReleasePart), so the
 * Python lines read them over HTTP with the token: `datasets` hands `storage_options` to fsspec's HTTP file
 * system (its `headers` go with every request, byte ranges included), pandas hands an HTTP URL's
 * `storage_options` to urllib as request headers. A release built before its files had addresses has only
 * complete.zip: its lines read the unzipped folder and say so.
 */
export function useItLines({ origin, datasetId, release }: UseItFacts): UseItLines {
  const base = origin.replace(/\/+$/, '');
  const version = String(release.version);
  const url = `${base}${routeUrl(getReleaseFile.path, { id: datasetId, version, artifact: 'complete.zip' })}`;
  const partUrl = (path: string) => {
    const [folder = '', file = ''] = path.split('/');
    return `${base}${routeUrl(getReleasePart.path, { id: datasetId, version, folder, file })}`;
  };
  const zip = `${release.folder}.zip`;
  const after = `  # after: unzip ${zip}`;
  const parts = new Set(release.parts);
  const fromUrls = parts.size > 0;
  const quoted = (items: string[]) => items.map((i) => `"${i}"`).join(', ');
  const files = release.parquetSplits
    .map((split) =>
      fromUrls
        ? `"${split}": [${quoted(
            release.parts
              .filter((p) => p.startsWith(`data/${split}-`) && p.endsWith('.parquet'))
              .map(partUrl),
          )}]`
        : `"${split}": "${release.folder}/data/${split}-*.parquet"`,
    )
    .join(', ');
  const parquet = !release.parquetSplits.length
    ? null
    : fromUrls
      ? `import os, datasets; ds = datasets.load_dataset("parquet", data_files={${files}}, ` +
        `storage_options={"headers": {"Authorization": ${BEARER}}})`
      : `import datasets; ds = datasets.load_dataset("parquet", data_files={${files}})${after}`;
  return {
    url,
    zip,
    curl: `curl -C - -H "Authorization: Bearer $TOKEN" -o ${zip} "${url}"`,
    unzip: `unzip ${zip}`,
    parquet,
    pandas: release.languages.map((language) => {
      const tsv = `${language}/validated.tsv`;
      return {
        language,
        line:
          fromUrls && parts.has(tsv)
            ? `import os, pandas; df = pandas.read_csv("${partUrl(tsv)}", sep="\\t", quoting=3, ` +
              `storage_options={"Authorization": ${BEARER}})`
            : `import pandas; df = pandas.read_csv("${release.folder}/${tsv}", sep="\\t", quoting=3)${after}`,
      };
    }),
    fromUrls,
  };
}
