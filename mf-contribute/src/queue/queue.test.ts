import { waitFor } from '@testing-library/react';
import { authApi, createPlatformStore } from '@platform/store';
import { errorReply, installFakeServer, networkFailure, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer, Handler } from '@platform/store/testing';
import { IDEMPOTENCY_KEY_HEADER } from '@platform/contracts/client';
import { RECORDING_MESSAGES } from '@platform/contracts';
import { setOnline, withNetworkControl } from '../testing/network';
import { withXhrOverFetch } from '../testing/xhrOverFetch';
import { backoffDelay } from './backoff';
import { contributionQueueFor, type ContributionQueue, type QueueOptions } from './runtime';
import type { Contribution } from './types';

withNetworkControl();
withXhrOverFetch();

const vote = (recordingId: string, isValid = true): Contribution => ({
  kind: 'vote',
  recordingId,
  isValid,
  sentence: `Sentence of ${recordingId}`,
});

let server: FakeServer;
const accepted: Handler = (r) => ({ body: { id: r.path.split('/')[3], status: 'undecided', yes: 1, no: 0 } });

beforeEach(() => {
  server = installFakeServer();
  sessionAs(server, testUser);
  for (const id of ['a', 'b', 'c', 'd']) server.on(`POST /api/recordings/${id}/validate`, accepted);
});

/** A page's queue, with waits short enough for a test. */
function openQueue(options: QueueOptions = {}) {
  const store = createPlatformStore();
  const queue = contributionQueueFor(store, {
    uploader: { backoff: { baseMs: 40, capMs: 160 }, recheckMs: 100 },
    patienceMs: 300,
    ...options,
  });
  return { store, queue };
}

const ids = (queue: ContributionQueue) => queue.getSnapshot().items.map((i) => i.id);
const votesSent = () =>
  server.requests.filter((r) => r.path.endsWith('/validate')).map((r) => r.path.split('/')[3]);

describe('the queue of contributions saved on the device', () => {
  it('keeps every item through a reload: a new page finds them, in their order, and sends them', async () => {
    setOnline(false);
    const first = openQueue();
    const a = await first.queue.enqueue(vote('a'));
    const b = await first.queue.enqueue(vote('b', false));
    first.queue.stop();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    const reloaded = openQueue();
    await waitFor(() => expect(ids(reloaded.queue)).toEqual([a.id, b.id]));
    expect(reloaded.queue.getSnapshot().items.map((i) => i.contribution)).toEqual([
      vote('a'),
      vote('b', false),
    ]);

    setOnline(true);
    await waitFor(() => expect(ids(reloaded.queue)).toEqual([]));
    expect(votesSent()).toEqual(['a', 'b']);
    expect(server.calls('POST /api/recordings/b/validate')[0]!.json).toEqual({ isValid: false });
  });

  it('sends the items in the order they were saved', async () => {
    const { queue } = openQueue();
    for (const id of ['c', 'a', 'd', 'b']) await queue.enqueue(vote(id));
    await waitFor(() => expect(votesSent()).toHaveLength(4));
    expect(votesSent()).toEqual(['c', 'a', 'd', 'b']);
    await waitFor(() => expect(ids(queue)).toEqual([]));
  });

  it('retries a try that got no answer with a growing wait, keeping the item until the server says 2xx', async () => {
    let tries = 0;
    const failedAt: number[] = [];
    server.on('POST /api/recordings/a/validate', (r) => {
      tries += 1;
      if (tries <= 2) {
        failedAt.push(Date.now());
        return tries === 1 ? networkFailure(r) : errorReply(503, 'The speech service is not available.');
      }
      return accepted(r);
    });
    const { queue } = openQueue({ uploader: { backoff: { baseMs: 400, capMs: 1600 }, recheckMs: 100 } });
    const item = await queue.enqueue(vote('a'));

    await waitFor(() => expect(queue.getSnapshot().items[0]?.attempts).toBe(1));
    const waiting = queue.getSnapshot().items[0]!;
    expect(waiting.id).toBe(item.id);
    // Waits between half and all of the first step (400 ms) before the next try.
    expect(waiting.notBefore - failedAt[0]!).toBeGreaterThanOrEqual(200);
    expect(waiting.notBefore - failedAt[0]!).toBeLessThanOrEqual(450);

    await waitFor(() => expect(queue.getSnapshot().items[0]?.attempts).toBe(2));
    await waitFor(() => expect(ids(queue)).toEqual([]), { timeout: 3000 });
    expect(tries).toBe(3);
    expect(failedAt[1]! - failedAt[0]!).toBeGreaterThanOrEqual(200);
    // The second wait is of the doubled step (800 ms).
    expect(Date.now() - failedAt[1]!).toBeGreaterThanOrEqual(400);
    // The same key on every try of the item: the server stores it once whatever reached it.
    const keys = server
      .calls('POST /api/recordings/a/validate')
      .map((r) => r.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toEqual([item.id, item.id, item.id]);
  });

  it('sends a take as multipart with its key, and the same key again after a lost answer', async () => {
    let tries = 0;
    server.on('POST /api/recordings', (r) => {
      tries += 1;
      return tries === 1 ? networkFailure(r) : { status: 201, body: { id: 'rec1', status: 'undecided' } };
    });
    const { queue } = openQueue();
    const take = await queue.enqueue({
      kind: 'recording',
      sentenceId: 's1',
      sentenceText: 'Ẹ káàárọ̀',
      language: 'yo',
      audio: { bytes: new TextEncoder().encode('opus bytes').buffer, type: 'audio/webm;codecs=opus' },
    });
    await waitFor(() => expect(ids(queue)).toEqual([]));
    const calls = server.calls('POST /api/recordings');
    expect(calls.map((r) => r.headers[IDEMPOTENCY_KEY_HEADER])).toEqual([take.id, take.id]);
    expect(calls[1]!.form!.get('sentenceId')).toBe('s1');
    const audio = calls[1]!.form!.get('audio') as File;
    expect(await audio.text()).toBe('opus bytes');
    expect(audio.type).toBe('audio/webm;codecs=opus');
  });

  it('lists the items without their audio bytes, which only a send reads, after a reload too', async () => {
    server.on('POST /api/recordings', { status: 201, body: { id: 'rec1', status: 'undecided' } });
    setOnline(false);
    const first = openQueue();
    await first.queue.enqueue({
      kind: 'recording',
      sentenceId: 's1',
      sentenceText: 'Ẹ káàárọ̀',
      language: 'yo',
      audio: { bytes: new TextEncoder().encode('x'.repeat(50_000)).buffer, type: 'audio/ogg' },
    });
    first.queue.stop();
    const reloaded = openQueue();
    await waitFor(() => expect(reloaded.queue.getSnapshot().items).toHaveLength(1));
    const listed = reloaded.queue.getSnapshot().items[0]!.contribution;
    expect(listed).toMatchObject({
      kind: 'recording',
      sentenceText: 'Ẹ káàárọ̀',
      audio: { type: 'audio/ogg' },
    });
    expect(listed.kind === 'recording' && listed.audio.bytes.byteLength).toBe(0);

    setOnline(true);
    await waitFor(() => expect(ids(reloaded.queue)).toEqual([]));
    const audio = server.calls('POST /api/recordings')[0]!.form!.get('audio') as File;
    expect(audio.size).toBe(50_000);
    expect(audio.type).toBe('audio/ogg');
  });

  it('marks a refused item failed with the reason, keeps it, and sends it again on "Retry now"', async () => {
    server.on('POST /api/recordings/a/validate', errorReply(404, RECORDING_MESSAGES.unknownRecording));
    const { queue } = openQueue();
    await queue.enqueue(vote('a'));
    await queue.enqueue(vote('b'));
    await waitFor(() => expect(queue.getSnapshot().items.map((i) => i.state)).toEqual(['failed']));
    expect(queue.getSnapshot().items[0]!.failure).toMatchObject({
      code: 'recording.unknown',
      status: 404,
    });
    // A refused item does not hold the others back.
    expect(votesSent()).toEqual(['a', 'b']);

    server.on('POST /api/recordings/a/validate', accepted);
    await queue.retryNow();
    await waitFor(() => expect(ids(queue)).toEqual([]));
    expect(votesSent()).toEqual(['a', 'b', 'a']);
  });

  it('stops on a 401, keeps the items, asks for a new session, and sends them under it', async () => {
    server.on('POST /api/recordings/a/validate', errorReply(401, 'You need to be signed in to do this.'));
    const { store, queue } = openQueue();
    const a = await queue.enqueue(vote('a'));
    const b = await queue.enqueue(vote('b'));
    await waitFor(() => expect(queue.getSnapshot().signInNeeded).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(votesSent()).toEqual(['a']);
    expect(ids(queue)).toEqual([a.id, b.id]);
    expect(queue.getSnapshot().items.every((i) => i.state === 'waiting')).toBe(true);

    // The person signs in again: the page reads the session anew (as signing in does).
    server.on('POST /api/recordings/a/validate', accepted);
    await store.dispatch(authApi.endpoints.session.initiate(undefined, { forceRefetch: true }));
    await waitFor(() => expect(ids(queue)).toEqual([]));
    expect(votesSent()).toEqual(['a', 'a', 'b']);
    expect(queue.getSnapshot().signInNeeded).toBe(false);
  });

  it("never sends one person's items under another's session", async () => {
    setOnline(false);
    const first = openQueue();
    await waitFor(() => expect(first.queue.owner()).toBe(testUser.id));
    await first.queue.enqueue(vote('a'));
    first.queue.stop();

    sessionAs(server, { ...testUser, id: '65f000000000000000000002' });
    const other = openQueue();
    await waitFor(() => expect(other.queue.owner()).toBe('65f000000000000000000002'));
    setOnline(true);
    await other.queue.enqueue(vote('b'));
    await waitFor(() => expect(votesSent()).toEqual(['b']));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(votesSent()).toEqual(['b']);
    expect(ids(other.queue)).toEqual([]);
  });

  it('deletes an item the person no longer wants, for good', async () => {
    setOnline(false);
    const { queue } = openQueue();
    const a = await queue.enqueue(vote('a'));
    const b = await queue.enqueue(vote('b'));
    expect(await queue.remove(a.id)).toBe(true);
    expect(ids(queue)).toEqual([b.id]);
    queue.stop();
    const reloaded = openQueue();
    await waitFor(() => expect(reloaded.queue.getSnapshot().ready).toBe(true));
    expect(ids(reloaded.queue)).toEqual([b.id]);
  });

  it('lets one tab upload at a time: two open pages send each item once', async () => {
    const tabA = openQueue({ tabId: 'tab-a' });
    const tabB = openQueue({ tabId: 'tab-b' });
    await tabA.queue.enqueue(vote('a'));
    await tabB.queue.enqueue(vote('b'));
    await tabA.queue.enqueue(vote('c'));
    await tabB.queue.enqueue(vote('d'));
    await waitFor(() => expect(votesSent()).toHaveLength(4), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(votesSent()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells a screen waiting for its item what became of it: sent, refused, or saved for later', async () => {
    server.on('POST /api/recordings/b/validate', errorReply(404, RECORDING_MESSAGES.unknownRecording));
    const { queue } = openQueue();
    const a = await queue.enqueue(vote('a'));
    await expect(queue.outcome(a.id)).resolves.toMatchObject({ kind: 'sent', answer: { id: 'a' } });
    const b = await queue.enqueue(vote('b'));
    await expect(queue.outcome(b.id)).resolves.toMatchObject({
      kind: 'refused',
      refusal: { code: 'recording.unknown' },
    });
    setOnline(false);
    const c = await queue.enqueue(vote('c'));
    await expect(queue.outcome(c.id)).resolves.toEqual({ kind: 'deferred' });
  });
});

describe('the browser around the queue', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    delete (navigator as { storage?: unknown }).storage;
  });

  it("registers a 'contributions' Background Sync and sends at once on the worker's message, backoff or not", async () => {
    const register = jest.fn(async () => undefined);
    const worker = Object.assign(new EventTarget(), { ready: Promise.resolve({ sync: { register } }) });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    let tries = 0;
    server.on('POST /api/recordings/a/validate', (r) =>
      (tries += 1) === 1 ? networkFailure(r) : accepted(r),
    );
    // A first wait of at least 30 s: only the worker's message can make the second try come sooner.
    const { queue } = openQueue({ uploader: { backoff: { baseMs: 60_000, capMs: 60_000 }, recheckMs: 100 } });
    await queue.enqueue(vote('a'));
    await waitFor(() => expect(register).toHaveBeenCalledWith('contributions'));
    await waitFor(() => expect(queue.getSnapshot().items[0]?.attempts).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tries).toBe(1);

    // What the site's worker posts on the sync (libs/contracts' SERVICE_WORKER_MESSAGES).
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'platform:contributions-sync' } }));
    await waitFor(() => expect(ids(queue)).toEqual([]));
    expect(tries).toBe(2);
  });

  it('asks the browser once, on this device, to keep the queue through storage pressure', async () => {
    const persist = jest.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
    setOnline(false);
    const first = openQueue();
    await first.queue.enqueue(vote('a'));
    await first.queue.enqueue(vote('b'));
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    first.queue.stop();
    const reloaded = openQueue();
    await reloaded.queue.enqueue(vote('c'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('backoffDelay', () => {
  it('doubles from the first step up to the cap, somewhere in the upper half of each', () => {
    const options = { baseMs: 1000, capMs: 60_000 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0, options))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0.999999, options))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelay(30, () => 0.5, options)).toBe(45_000);
    expect(backoffDelay(30, () => 0.999999, options)).toBe(60_000);
  });
});
