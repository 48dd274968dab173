// A backend service that is down must not take the site with it: the gateway answers calls routed to it
// with a 503 JSON error quickly, and keeps serving everything else.
import { siteUrl, startProcess, stopProcess } from './support/platform';

async function timedFetch(url: string, accept = 'application/json') {
  const started = Date.now();
  const res = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, ms: Date.now() - started };
}

describe('speech service outage', () => {
  afterAll(async () => {
    // Leave the platform whole for the files that run after this one.
    await startProcess('speech');
  });

  it('answers calls routed to the stopped speech service with 503 JSON within 5 s while the gateway stays up', async () => {
    const before = await timedFetch(`${siteUrl()}/api/recordings/validate`);
    expect(before.status).not.toBe(503);

    await stopProcess('speech');

    const during = await timedFetch(`${siteUrl()}/api/recordings/validate`);
    expect(during.status).toBe(503);
    expect(during.ms).toBeLessThan(5000);
    expect(during.type).toMatch(/application\/json/);
    const body = JSON.parse(during.text);
    expect(body).toEqual(
      expect.objectContaining({ statusCode: 503, error: expect.any(String), message: expect.any(String) }),
    );

    const health = await timedFetch(`${siteUrl()}/healthz`);
    expect(health.status).toBe(200);
    // The site itself is still served.
    const page = await timedFetch(`${siteUrl()}/dashboard`, 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<div id="?root"?>/);
  });

  it('routes to the speech service again once it is back', async () => {
    await startProcess('speech');
    const after = await timedFetch(`${siteUrl()}/api/recordings/validate`);
    expect(after.status).not.toBe(503);
  });
});
