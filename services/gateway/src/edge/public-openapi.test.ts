import {
  deleteApiToken,
  getApiTokens,
  getDatasets,
  getReleaseFile,
  postApiToken,
  postDataset,
  postRecording,
  ROUTES,
} from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { BackgroundWork } from '../accounts/background';
import { OPENAPI_PATH, publicRoutes } from './public-openapi';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
}
type OpenApi = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the public OpenAPI document', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let doc: OpenApi;

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: 'openapi-test',
      dbPrefix: 'gwopenapi',
      now: Date.now,
      background: new BackgroundWork(),
    });
    app = await gateway.build({ publicUrl: 'https://data.example.org' });
    const res = await app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApi;
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const operation = (route: { method: string; path: string }) =>
    doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

  it('is OpenAPI 3 for the public origin, with a bearer scheme and the session cookie', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: 'https://data.example.org' }]);
    expect(doc.components.securitySchemes).toEqual({
      apiToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: { type: 'apiKey', in: 'cookie', name: 'plt' },
    });
  });

  it('describes every public route, the proxied ones included, and no internal one', () => {
    const described = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(described.sort()).toEqual(
      publicRoutes()
        .map((r) => r.name)
        .sort(),
    );
    const internal = ROUTES.filter((r) => !publicRoutes().includes(r)).map((r) => r.name);
    expect(described.filter((name) => internal.includes(name))).toEqual([]);
  });

  it('has the datasets calls, which take a token or the cookie', () => {
    for (const route of [getDatasets, getReleaseFile]) {
      expect(operation(route)?.operationId).toBe(route.name);
      expect(operation(route)?.security).toEqual(expect.arrayContaining([{ apiToken: [] }, { session: [] }]));
    }
    // getDatasets is public: calling it with neither is fine too.
    expect(operation(getDatasets)?.security).toContainEqual({});
  });

  it('has the token calls and the writes, which take the cookie only', () => {
    for (const route of [getApiTokens, postApiToken, deleteApiToken, postDataset, postRecording]) {
      expect(operation(route)?.operationId).toBe(route.name);
      expect(operation(route)?.security).toEqual([{ session: [] }]);
    }
  });

  it('uses OpenAPI path templates', () => {
    expect(Object.keys(doc.paths)).toContain('/api/datasets/{id}/releases/{version}/files/{artifact}');
  });
});
