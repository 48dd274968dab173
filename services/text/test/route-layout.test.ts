import { join } from 'node:path';
import { ROUTES } from '@platform/contracts';
import { routeLayoutProblems, type RouteModule } from '@platform/service-kit';
import { routeFilesBelow } from '@platform/service-kit/testing';
import { ROUTE_MODULES } from '../src/routes';

// Each route file is loaded as the test runner loads modules, so it is the same module the index registers.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (file: string): unknown => require(file);

describe("the text service's routes", () => {
  it('are each served from the file its URL names, once, and every route file is registered', () => {
    const problems = routeLayoutProblems({
      // routes/index.ts is the list itself, not a route file.
      files: routeFilesBelow(join(__dirname, '..', 'src', 'routes'), load).filter(
        ({ file }) => file !== 'index.ts',
      ),
      registered: ROUTE_MODULES as readonly RouteModule<never>[],
      declared: ROUTES.filter((route) => route.owner === 'text'),
    });
    expect(problems).toEqual([]);
  });
});
