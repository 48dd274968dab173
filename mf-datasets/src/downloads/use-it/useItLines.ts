import { getReleaseFile, routeUrl } from '@platform/contracts/client';
import type { ReleaseDatasheet } from '@platform/contracts';

/** What the lines are built from: where the page is served and what the release's manifest says. */
export interface UseItFacts {
  /** The site's origin, as the gateway serves this page (the downloads are on the same origin). */
  origin: string;
  datasetId: string;
  release: Pick<ReleaseDatasheet, 'version' | 'folder' | 'parquetSplits' | 'languages'>;
}

export interface UseItLines {
  /** complete.zip's address: the gateway's download route with the release's number, never `latest`. */
  url: string;
  /** The archive's name on disk. */
  zip: string;
  /** Downloads (resuming an interrupted download) with an API token in $TOKEN. */
  curl: string;
  unzip: string;
  /** Hugging Face `datasets` on the unzipped Parquet shards; null when the release has none. */
  parquet: string | null;
  /** pandas on each language's validated.tsv, read as Common Voice's scripts read it (no quoting). */
  pandas: Array<{ language: string; line: string }>;
}

/**
 * The one-line loads of a release. The Parquet shards and TSVs are inside complete.zip (the only archive that
 * holds them), so the Python lines read the unzipped folder and say so in a comment: nothing here claims a
 * direct read over HTTP that was never checked.
 */
export function useItLines({ origin, datasetId, release }: UseItFacts): UseItLines {
  const path = routeUrl(getReleaseFile.path, {
    id: datasetId,
    version: String(release.version),
    artifact: 'complete.zip',
  });
  const url = `${origin.replace(/\/+$/, '')}${path}`;
  const zip = `${release.folder}.zip`;
  const after = `  # after: unzip ${zip}`;
  const files = release.parquetSplits
    .map((split) => `"${split}": "${release.folder}/data/${split}-*.parquet"`)
    .join(', ');
  return {
    url,
    zip,
    curl: `curl -C - -H "Authorization: Bearer $TOKEN" -o ${zip} "${url}"`,
    unzip: `unzip ${zip}`,
    parquet: release.parquetSplits.length
      ? `import datasets; ds = datasets.load_dataset("parquet", data_files={${files}})${after}`
      : null,
    pandas: release.languages.map((language) => ({
      language,
      line:
        `import pandas; df = pandas.read_csv("${release.folder}/${language}/validated.tsv", ` +
        `sep="\\t", quoting=3)${after}`,
    })),
  };
}
