import { DATASET_LICENSE_LABELS, DEFAULT_PORTS, type DatasetLicense } from '@platform/contracts';

/** Who publishes releases: the platform's name, as its pages show it. */
export const PUBLISHER = 'VoiceBank NG';
/** Releases are the work of everyone who recorded, voted and reviewed: one collective author. */
export const AUTHOR = `The contributors of ${PUBLISHER}`;
/** Where the site is when PUBLIC_URL is not set (the gateway's own default). */
export const DEFAULT_PUBLIC_URL = `http://localhost:${DEFAULT_PORTS.gateway}`;

export interface CitationFacts {
  title: string;
  description: string;
  version: number;
  publishedAt: Date;
  license: DatasetLicense;
  tags: readonly string[];
  /** The release's page in the API (GET /api/datasets/{id}/releases/{version}). */
  url: string;
  /** The complete archive's download address. */
  downloadUrl: string;
}

/** The site's public origin without a trailing slash. */
export const publicOrigin = (url: string) => url.replace(/\/+$/, '');

/** A release's addresses under the site's public origin. */
export function releaseUrls(publicUrl: string, datasetId: string, version: number) {
  const url = `${publicOrigin(publicUrl)}/api/datasets/${encodeURIComponent(datasetId)}/releases/${version}`;
  return { url, file: (artifact: string) => `${url}/files/${artifact}` };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The citation a release gives everywhere (README, datasheets, CITATION.cff's message, Croissant): one text. */
export function citationText(f: CitationFacts): string {
  return (
    `${AUTHOR} (${f.publishedAt.getUTCFullYear()}). ${f.title} (version ${f.version}) [Data set]. ` +
    `${PUBLISHER}. ${DATASET_LICENSE_LABELS[f.license]}. ${f.url}`
  );
}

/** A README's "How to cite" section: the citation, and where CITATION.cff holds it for reference managers. */
export function howToCiteLines(citation: string, whereCff: string): string[] {
  return [
    '## How to cite',
    '',
    '```',
    citation,
    '```',
    '',
    `\`CITATION.cff\` ${whereCff} holds the same citation in the Citation File Format, for reference managers.`,
  ];
}

/** The same citation as BibTeX (Croissant's citeAs asks for BibTeX). */
export function citationBibtex(f: CitationFacts, key: string): string {
  const esc = (s: string) => s.replace(/[{}\\]/g, '');
  return [
    `@misc{${key},`,
    `  author = {{${esc(AUTHOR)}}},`,
    `  title = {${esc(f.title)}},`,
    `  version = {${f.version}},`,
    `  year = {${f.publishedAt.getUTCFullYear()}},`,
    `  publisher = {${PUBLISHER}},`,
    `  howpublished = {\\url{${f.url}}},`,
    '}',
  ].join('\n');
}

/** A YAML double-quoted scalar: JSON's string syntax is a subset of it. */
const q = (s: string) => JSON.stringify(s);

/** CITATION.cff (Citation File Format 1.2.0) for one release. */
export function citationCff(f: CitationFacts): string {
  const lines = [
    'cff-version: 1.2.0',
    `message: ${q(`If you use this dataset, please cite it as: ${citationText(f)}`)}`,
    'type: dataset',
    `title: ${q(f.title)}`,
    `abstract: ${q(f.description)}`,
    `version: ${q(String(f.version))}`,
    `date-released: ${day(f.publishedAt)}`,
    'authors:',
    `  - name: ${q(AUTHOR)}`,
    `license: ${f.license}`,
    `url: ${q(f.url)}`,
    `repository-artifact: ${q(f.downloadUrl)}`,
    'identifiers:',
    '  - type: url',
    `    value: ${q(f.url)}`,
    `    description: ${q('The release in the platform’s API: its files, their SHA-256 and its statistics.')}`,
  ];
  if (f.tags.length) lines.push('keywords:', ...f.tags.map((t) => `  - ${q(t)}`));
  return `${lines.join('\n')}\n`;
}
