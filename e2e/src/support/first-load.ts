// How a page's first load is weighed: every script the page fetches until it settles, gzipped at level 6 so
// the figure does not depend on how a host compresses. A size, not a timing: it is the same on every machine.
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

export interface Script {
  url: string;
  body: Buffer;
  gzip: number;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Collects the scripts `page` fetches while `load` runs and until the network is idle after it. Call before
 * the page's first navigation.
 */
export async function scriptsOfFirstLoad(page: Page, load: () => Promise<void>): Promise<Script[]> {
  const responses: Array<Promise<Script | null>> = [];
  page.on('response', (response) => {
    const isScript =
      response.request().resourceType() === 'script' ||
      /javascript/.test(response.headers()['content-type'] ?? '');
    if (!isScript || response.status() !== 200) return;
    responses.push(
      response.body().then(
        (body) => ({ url: response.url(), body, gzip: zlib.gzipSync(body, { level: 6 }).length }),
        () => null,
      ),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(responses)).filter((s): s is Script => s !== null);
}

/** The total gzip size of `scripts` and its largest ones, biggest first, so a failure says where to look. */
export function weigh(scripts: Script[], top = 8): { total: number; largest: string[] } {
  return {
    total: scripts.reduce((sum, s) => sum + s.gzip, 0),
    largest: [...scripts]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, top)
      .map((s) => `${kb(s.gzip)} ${s.url}`),
  };
}
