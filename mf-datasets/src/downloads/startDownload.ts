import { getReleaseFile, routeUrl } from '@platform/contracts/client';
import type { ReleaseArtifactName } from '@platform/contracts';

/** The address of one file of a release (the speech service streams it, with ranges). */
export const releaseFileUrl = (id: string, version: number | 'latest', artifact: ReleaseArtifactName) =>
  routeUrl(getReleaseFile.path, { id, version, artifact });

/**
 * Starts a download as a plain link would: the browser streams the file to disk (and can resume it), it is
 * never read into the page's memory.
 */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
