/**
 * @jest-environment node
 */
import path from 'node:path';
import vm from 'node:vm';
import * as clientRoutes from '@platform/contracts/client';
import { ROUTES } from '@platform/contracts';
import type { RouteDeclaration } from '@platform/contracts';

// The browser's route declarations come from libs/federation/route-metadata-loader.js, loaded by path as
// webpack loads it (tools/ is workspace tooling, not a package).
const repoRoot = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routeMetadataModule } = require(path.join(repoRoot, 'libs/federation/route-metadata-loader.js')) as {
  routeMetadataModule: (exports: Record<string, unknown>) => string;
};

/** The generated module's exports, evaluated as a browser would (its `export const`s as plain bindings). */
function evaluate(source: string): Record<string, Partial<RouteDeclaration>> {
  const exported: Record<string, Partial<RouteDeclaration>> = {};
  const script = source.replace(/^export const (\w+) = /gm, 'exported.$1 = ');
  vm.runInNewContext(script, { exported });
  return exported;
}

describe("the browser's route declarations", () => {
  const browser = evaluate(routeMetadataModule(clientRoutes));

  it('hold every declared route, with the method and path a browser calls', () => {
    const byName = Object.fromEntries(Object.values(browser).map((route) => [route.name, route]));
    for (const route of ROUTES) {
      expect(byName[route.name]).toEqual({
        name: route.name,
        method: route.method,
        path: route.path,
        owner: route.owner,
        access: route.access,
      });
    }
    expect(Object.keys(browser)).toHaveLength(ROUTES.length);
  });

  it('carry no schema', () => {
    expect(JSON.stringify(browser)).not.toMatch(/"(type|properties|reply|body|params|query)"/);
  });
});
