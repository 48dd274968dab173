import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDeclaration } from '@platform/contracts';
import { createService } from './create-service';
import { fileMayServe, registerRouteModules, routeLayoutProblems, routeModule } from './route-module';
import { serveRoute } from './serve-route';

const declare = (name: string, method: 'GET' | 'POST', path: string): RouteDeclaration =>
  defineRoute({
    name,
    method,
    path,
    owner: 'text',
    access: 'public',
    summary: name,
    tag: 'test',
    reply: { 200: Type.Object({ ok: Type.Boolean() }) },
  });

const listAccounts = declare('listAccounts', 'GET', '/api/admin/accounts');
const setRole = declare('setRole', 'POST', '/api/admin/accounts/:id/role');
const listInquiries = declare('listInquiries', 'GET', '/api/admin/inquiries');
const ok = async () => ({ ok: true });

describe('fileMayServe: the folder is the URL', () => {
  it.each([
    ['api/admin/accounts.ts', '/api/admin/accounts', true],
    ['api/admin/accounts.ts', '/api/admin/accounts/:id/role', true],
    ['api/admin/accounts/index.ts', '/api/admin/accounts/:id/role', true],
    ['api/admin/index.ts', '/api/admin/inquiries', true],
    ['api/settings.ts', '/api/admin/accounts', false],
    ['api/admin/accounts.ts', '/api/admin/inquiries', false],
    ['api/recordings/upload.ts', '/api/recordings', false],
  ])('%s may serve %s: %s', (file, path, expected) => {
    expect(fileMayServe(file, path)).toBe(expected);
  });
});

describe('routeLayoutProblems', () => {
  const accounts = routeModule([listAccounts, setRole], () => {});
  const inquiries = routeModule([listInquiries], () => {});

  it('finds nothing wrong when each file sits where its paths say and every declaration is served', () => {
    expect(
      routeLayoutProblems({
        files: [
          { file: 'api/admin/accounts.ts', module: accounts },
          { file: 'api/admin/inquiries.ts', module: inquiries },
        ],
        registered: [accounts, inquiries],
        declared: [listAccounts, setRole, listInquiries],
      }),
    ).toEqual([]);
  });

  it('names a route served from the wrong folder, a declared route nobody serves, an undeclared one, a file not registered and a file that is no module', () => {
    const stray = declare('stray', 'GET', '/api/stray');
    const problems = routeLayoutProblems({
      files: [
        { file: 'api/settings.ts', module: accounts },
        { file: 'api/stray.ts', module: routeModule([stray], () => {}) },
        { file: 'api/helpers.ts', module: undefined },
      ],
      registered: [accounts],
      declared: [listAccounts, setRole, listInquiries],
    });
    expect(problems).toEqual([
      'GET /api/admin/accounts is served from api/settings.ts; its path implies /api/admin/accounts',
      'POST /api/admin/accounts/:id/role is served from api/settings.ts; its path implies /api/admin/accounts',
      "api/stray.ts is not registered by the service's routes index",
      'api/helpers.ts does not default-export a routeModule(…)',
      'GET /api/admin/inquiries (listInquiries) is declared but no route file serves it',
      'GET /api/stray is served but not declared for this service',
    ]);
  });
});

describe('registerRouteModules', () => {
  it('serves what each module registers', async () => {
    const app = await createService({
      name: 'modules-test',
      logger: false,
      routes: (instance) =>
        registerRouteModules(
          instance,
          [routeModule<{ greeting: string }>([listAccounts], (scope) => serveRoute(scope, listAccounts, ok))],
          { greeting: 'hi' },
        ),
    });
    const res = await app.inject({ method: 'GET', url: '/api/admin/accounts' });
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });

  it('refuses to start when a module serves a route its list leaves out', async () => {
    const start = createService({
      name: 'modules-test',
      logger: false,
      routes: (instance) =>
        registerRouteModules(
          instance,
          [
            routeModule([listAccounts], (scope) => {
              serveRoute(scope, listAccounts, ok);
              serveRoute(scope, listInquiries, ok);
            }),
          ],
          {},
        ),
    });
    await expect(start).rejects.toThrow(/serves unlisted \[GET \/api\/admin\/inquiries\]/);
  });

  it('refuses to start when a module lists a route it does not serve', async () => {
    const start = createService({
      name: 'modules-test',
      logger: false,
      routes: (instance) =>
        registerRouteModules(
          instance,
          [routeModule([listAccounts, setRole], (scope) => serveRoute(scope, listAccounts, ok))],
          {},
        ),
    });
    await expect(start).rejects.toThrow(/lists unserved \[POST \/api\/admin\/accounts\/:id\/role\]/);
  });
});
