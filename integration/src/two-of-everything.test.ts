import { ObjectId } from 'mongodb';
import { addSentences } from '@platform/speech-service/testing';
import { ROOMY_RATE_LIMITS, signedInAs } from '@platform/gateway/testing';
import { insertSentences, type NewSentence } from './support/speech-with-text';
import { startTwoOfEverything, type TwoOfEverything } from './support/two-of-everything';

/**
 * Two gateways, two text and two speech services on one database, as `npm start` runs them with
 * GATEWAY_INSTANCES=2 TEXT_INSTANCES=2 SPEECH_INSTANCES=2: nothing a person relies on may live in one process.
 */
describe('two of everything on one database', () => {
  let two: TwoOfEverything;
  /** What both speech copies logged as 'release published' (one line per build that finished). */
  const published: string[] = [];
  // The site's own origin, as a browser sends it with every write.
  const origin = 'http://localhost:3000';
  const FAILED_SIGNINS_PER_ADDRESS = 3;

  beforeAll(async () => {
    two = await startTwoOfEverything({
      speech: {
        logger: {
          level: 'info',
          stream: {
            write: (line: string) => {
              if (line.includes('"release published"')) published.push(line);
            },
          },
        },
      },
      gateway: {
        // 200 votes at once queue up on a shared 2-core test machine: the answer may take longer than the
        // 4 s a service normally gets, and a 504 would leave the count unknown to the voter.
        timeouts: { headersMs: 20_000 },
        rateLimits: {
          ...ROOMY_RATE_LIMITS,
          signinFailuresPerAddressClient: { max: FAILED_SIGNINS_PER_ADDRESS, windowMs: 60_000 },
        },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
  });

  const post = (base: string, path: string, body: unknown, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const session = (base: string, cookie: string) => fetch(`${base}/auth/session`, { headers: { cookie } });

  it('keeps a session made on one gateway working on the other, and ended on both by a sign-out on either', async () => {
    const [a, b] = two.bases;
    const email = 'ada.two@example.org';
    const password = 'Correct-Horse-Battery-9';
    const signup = await post(a, '/auth/auth/signup', { firstname: 'Ada', lastname: 'Two', email, password });
    expect(signup.status).toBe(201);
    await two.background.idle();
    const link = two.mails.find((m) => m.to === email)?.text.match(/verify\?token=([^\s&]+)/);
    expect(link).toBeTruthy();
    expect((await post(b, '/auth/verify', { token: decodeURIComponent(link![1]!) })).status).toBe(200);

    const signin = await post(a, '/auth/signin', { email, password });
    expect(signin.status).toBe(200);
    const cookie = signin.headers.getSetCookie()[0]!.split(';')[0]!;
    const onB = await session(b, cookie);
    expect(onB.status).toBe(200);
    expect((await onB.json()).user.email).toBe(email);
    expect((await session(a, cookie)).status).toBe(200);

    expect((await post(b, '/auth/signout', {}, cookie)).status).toBe(200);
    // The other gateway may vouch for a session it looked up from memory for at most SESSION_CACHE_MS (2 s).
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await session(a, cookie)).status).toBe(401);
    expect((await session(b, cookie)).status).toBe(401);
  });

  it('holds the sign-in limit across both gateways', async () => {
    const attempt = (base: string) =>
      post(base, '/auth/signin', { email: 'nobody.two@example.org', password: 'not the password' });
    const statuses: number[] = [];
    for (let i = 0; i < FAILED_SIGNINS_PER_ADDRESS + 2; i++) {
      statuses.push((await attempt(two.bases[i % 2]!)).status);
    }
    // Each gateway alone saw fewer failures than the limit after the third; together they passed it.
    expect(statuses.slice(0, FAILED_SIGNINS_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(FAILED_SIGNINS_PER_ADDRESS)).toEqual([429, 429]);
  });

  it('counts 200 concurrent votes spread over both speech services exactly', async () => {
    const [speech] = two.speeches;
    const COUNT = 100;
    const sentenceIds = await addSentences(
      speech.col,
      'yo',
      Array.from({ length: COUNT }, (_, i) => `Gbólóhùn ìdìbò ${i}.`),
    );
    // Stored straight into the shared database: the votes are what is measured, not the uploads.
    const recordingIds = sentenceIds.map(() => new ObjectId());
    await speech.col.recordings.insertMany(
      recordingIds.map((_id, i) => ({
        _id,
        sentenceId: sentenceIds[i]!,
        sentenceText: `Gbólóhùn ìdìbò ${i}.`,
        language: 'yo' as const,
        durationSeconds: 2,
        audioFileId: new ObjectId(),
        container: 'webm' as const,
        contentType: 'audio/webm',
        bytes: 1000,
        speakerId: 'maker-two',
        speakerName: null,
        yes: 0,
        no: 0,
        voteCount: 0,
        reports: 0,
        status: 'undecided' as const,
        createdAt: new Date(),
      })),
    );
    const [yes, no] = [
      await signedInAs(two.gateways[0], 'contributor'),
      await signedInAs(two.gateways[0], 'contributor'),
    ];
    const received = two.speeches.map((s) => {
      const counter = { votes: 0 };
      s.app.server.on('request', (request: { url?: string }) => {
        if (/\/validate$/.test(request.url ?? '')) counter.votes += 1;
      });
      return counter;
    });
    // One yes and one no each: every recording stays undecided, so every vote is taken.
    const answers = await Promise.all(
      recordingIds.flatMap((id, i) => [
        post(two.bases[i % 2]!, `/api/recordings/${id}/validate`, { isValid: true }, yes.cookie),
        post(two.bases[(i + 1) % 2]!, `/api/recordings/${id}/validate`, { isValid: false }, no.cookie),
      ]),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const stored = await speech.col.recordings.find({ _id: { $in: recordingIds } }).toArray();
    expect(stored).toHaveLength(COUNT);
    expect(stored.every((r) => r.yes === 1 && r.no === 1 && r.status === 'undecided')).toBe(true);
    // Both copies took their share.
    expect(received.map((counter) => counter.votes)).toEqual([COUNT, COUNT]);
  });

  it('brings sentences written through both text services, at once, into the Speak queue', async () => {
    const row = {
      citation: 'Written for the tests.',
      license: 'CC0-1.0',
      source: 'write' as const,
      status: 'validated' as const,
      language: 'ha' as const,
    };
    const batch = (copy: number, round: number): NewSentence[] =>
      Array.from({ length: 10 }, (_, i) => ({ ...row, text: `Jimla ta ${copy}-${round}-${i}.` }));
    // Interleaved writers in both processes: a write committed late by one must not be skipped by the feed.
    await Promise.all(
      two.texts.map(async (text, copy) => {
        for (let round = 0; round < 10; round++) {
          await insertSentences(text.app.database!.db, text.app.sequenceWriter, batch(copy, round));
        }
      }),
    );
    const [speech] = two.speeches;
    const recordable = () => speech.col.sentences.countDocuments({ language: 'ha', recordable: true });
    for (let i = 0; i < 100 && (await recordable()) < 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await recordable()).toBe(200);
  });

  it('builds a release once, with a worker on each speech copy woken at once', async () => {
    const admin = await signedInAs(two.gateways[0], 'admin');
    const [a, b] = two.bases;
    const dataset = await post(
      a,
      '/api/datasets',
      {
        name: 'Hausa sentences, two copies',
        description: 'Sentences written through both text services.',
        language: 'ha',
        category: 'conversational',
        tags: ['text'],
        license: 'CC0-1.0',
        sources: { include: ['sentences'], languages: ['ha'], domains: [], categories: [] },
      },
      admin.cookie,
    );
    expect(dataset.status).toBe(201);
    const { id } = (await dataset.json()) as { id: string };
    expect((await post(b, `/api/datasets/${id}/releases`, {}, admin.cookie)).status).toBe(202);
    for (const speech of two.speeches) speech.app.releaseWorker.kick();
    let status = '';
    for (let i = 0; i < 200 && status !== 'published'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await fetch(`${two.bases[i % 2]}/api/datasets/${id}/releases/1`, {
        headers: { cookie: admin.cookie },
      });
      status = ((await res.json()) as { status: string }).status;
    }
    expect(status).toBe('published');
    await Promise.all(two.speeches.map((speech) => speech.app.releaseWorker.idle()));
    expect(published.filter((line) => line.includes(id))).toHaveLength(1);
  });

  it('runs a scheduled job on one copy at a time (the orphaned-audio sweep, asked of both at once)', async () => {
    const db = two.speeches[0].app.database!.db;
    const orphan = new ObjectId();
    // A finished file no record names, older than the sweep's grace period.
    await db.collection('audio.files').insertOne({
      _id: orphan,
      length: 0,
      chunkSize: 261_120,
      uploadDate: new Date(Date.now() - 2 * 3600_000),
      filename: 'orphan.webm',
    });
    const passes = await Promise.all(two.speeches.map((speech) => speech.app.orphanSweep.runOnce()));
    expect(passes.map((pass) => pass.files).sort()).toEqual([0, 1]);
    expect(await db.collection('audio.files').countDocuments({ _id: orphan })).toBe(0);
  });
});
