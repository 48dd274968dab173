import { definePage } from '@platform/contracts/client';
import type { PageInput } from '@platform/contracts';

/**
 * A page declaration for a test's own remote (its path and a plain title; the rest as given or a signed-in
 * app page), so that a test serves pages the site does not have through defineRemoteRoutes.
 */
export function testPage(path: string, title: string, more: Partial<PageInput> = {}) {
  return definePage({
    name: path,
    path,
    remote: 'workspace',
    layout: 'app',
    title,
    access: 'signedIn',
    ...more,
  });
}
