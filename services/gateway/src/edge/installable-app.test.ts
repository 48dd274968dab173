import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { ICON_PATH, INDEX_HTML, SERVICE_WORKER_BODY, WEB_APP_MANIFEST_BODY } from '../../test/shell-dist';
import { BackgroundWork } from '../accounts/background';

// The site as an installable app: the gateway serves the shell's service worker at the root (so its scope is
// every page), the web app manifest and the icons, each so that a new build reaches installed apps on their
// next visit, and the security headers allow the worker and the manifest.
describe('the installable app', () => {
  let gateway: AccountsGateway;

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: 'installable-app-secret',
      dbPrefix: 'gwinstall',
      now: Date.now,
      background: new BackgroundWork(),
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('serves /sw.js as JavaScript for the whole site, revalidated on every visit', async () => {
    const res = await gateway.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SERVICE_WORKER_BODY);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves /manifest.webmanifest as a web app manifest, revalidated', async () => {
    const res = await gateway.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(WEB_APP_MANIFEST_BODY));
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the icons as PNG images', async () => {
    const res = await gateway.app.inject({ url: ICON_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it("serves the shell's page as a file too: the worker keeps it for pages opened offline", async () => {
    const res = await gateway.app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('allows only the site itself as the source of a worker and of the manifest, on every answer', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest', '/api/nothing']) {
      const csp = String((await gateway.app.inject({ url })).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    }
  });

  it('keeps the rest of the security headers on the worker, whose own fetches they govern', async () => {
    const res = await gateway.app.inject({ url: '/sw.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    // The worker fetches the remotes' manifests and chunks: connect-src must name their origins.
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3001 .*http:\/\/localhost:3005/);
  });
});
