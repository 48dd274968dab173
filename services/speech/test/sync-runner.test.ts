import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { startSpeech, type SpeechHarness } from './support/harness';

/** A stand-in for the text service's change feeds: always empty; counts the calls it gets. */
async function emptyFeeds(): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    if (
      req.url?.startsWith('/internal/sentences/changes') ||
      req.url?.startsWith('/internal/text-pairs/changes')
    )
      calls++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: [], last: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const until = async (condition: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return condition();
};

describe('the text syncs run on one copy of the speech service at a time', () => {
  let mongo: TestMongo;
  beforeAll(async () => {
    mongo = await startTestMongo();
  }, 60_000);
  afterAll(() => mongo?.stop());

  it('leaves the feeds to the copy that follows them, and takes over when it stops', async () => {
    const [first, second] = [await emptyFeeds(), await emptyFeeds()];
    const dbName = uniqueDbName('speech');
    const copy = (textUrl: string) =>
      startSpeech({ mongo, dbName, textUrl, startSync: true, syncIntervalMs: 50, startSeeding: false });
    let a: SpeechHarness | undefined;
    let b: SpeechHarness | undefined;
    try {
      a = await copy(first.url);
      expect(await until(() => first.calls() >= 4)).toBe(true);
      b = await copy(second.url);
      // Several of the first copy's passes later, the second has not read the feeds once.
      const seen = first.calls();
      expect(await until(() => first.calls() >= seen + 10)).toBe(true);
      expect(second.calls()).toBe(0);

      await a.close();
      a = undefined;
      expect(await until(() => second.calls() >= 2)).toBe(true);
    } finally {
      await a?.close();
      await b?.close();
      await Promise.all([first.close(), second.close()]);
    }
  }, 60_000);
});
