import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Binary, ObjectId, type Db } from 'mongodb';
import { ROUTES, type Identity, type RouteDeclaration } from '@platform/contracts';
import { signIdentity } from './identity';
import type { ServiceApp } from './service-app';

export interface TestMongo {
  uri: string;
  stop(): Promise<void>;
}

interface EmbeddedMongoModule {
  start(options: { port: number; dbPath: string }): Promise<{ uri: string; stop(): Promise<void> }>;
}

/**
 * A MongoDB for a test file: MONGODB_URI when set (a real server), else the embedded server on a random
 * port with a throw-away folder.
 */
export async function startTestMongo(): Promise<TestMongo> {
  const external = process.env.MONGODB_URI;
  if (external) return { uri: external, stop: async () => {} };
  return startEmbeddedMongo();
}

/** The embedded server on a given port (0: any), for tests that start the database late. */
export async function startEmbeddedMongo(port = 0): Promise<TestMongo> {
  const dbPath = await mkdtemp(join(tmpdir(), 'svc-kit-mongo-'));
  // Loaded by name at run time: the embedded server is a sibling workspace package and only tests need it.
  const moduleName = '@platform/embedded-mongo';
  const embedded = (await import(moduleName)) as EmbeddedMongoModule;
  const server = await embedded.start({ port, dbPath });
  return {
    uri: server.uri,
    async stop() {
      await server.stop();
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago and has nothing listening: for "database unreachable" tests. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A database name no other test uses, so test files sharing one server do not see each other's data. */
export function uniqueDbName(prefix: string) {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Carries, unsigned, the identity signInjectedRequests signs onto the request it rides on. */
export const TEST_IDENTITY_HEADER = 'x-test-sign-as';

/** Headers that make a request injected through signInjectedRequests arrive signed for `identity`. */
export const signedAs = (identity: Identity): Record<string, string> => ({
  [TEST_IDENTITY_HEADER]: Buffer.from(JSON.stringify(identity)).toString('base64url'),
});

/**
 * Makes `app.inject` sign each request carrying signedAs headers as the gateway signs a proxied call: for
 * that request's method and URL and this service. A signature covers one request, so tests that call a
 * service as someone need the request itself to sign it; this keeps them to `headers: signedAs(who)`.
 */
export function signInjectedRequests(app: ServiceApp, secret: string, service: string) {
  const inject = app.inject.bind(app);
  const signing = ((options?: unknown) => {
    if (options === undefined) throw new Error('signInjectedRequests supports inject(options) only');
    const opts = (typeof options === 'string' ? { url: options } : options) as {
      method?: string;
      url?: unknown;
      query?: unknown;
      headers?: Record<string, string>;
    };
    const marked = opts.headers?.[TEST_IDENTITY_HEADER];
    if (marked === undefined) return inject(options as never);
    if (typeof opts.url !== 'string' || opts.query !== undefined) {
      throw new Error('signInjectedRequests signs requests given as a url string (query included)');
    }
    const { [TEST_IDENTITY_HEADER]: _marker, ...headers } = opts.headers!;
    const identity = JSON.parse(Buffer.from(marked, 'base64url').toString('utf8')) as Identity;
    const signed = signIdentity(identity, secret, { method: opts.method ?? 'GET', url: opts.url, service });
    return inject({ ...opts, headers: { ...headers, ...signed } } as never);
  }) as ServiceApp['inject'];
  app.inject = signing;
  return app;
}

interface BuildServiceOptions {
  mongoUri: string;
  dbName?: string;
  identitySecret: string;
  logger: false;
}

/**
 * What every service built on the kit must do, as one suite a service's tests call with its own buildApp:
 * health and readiness with and without its database, signed identity on /internal/whoami, and OpenAPI.
 */
export function describeServiceBasics(
  name: 'text' | 'speech',
  buildApp: (options: BuildServiceOptions) => Promise<ServiceApp>,
  /** Routes declared for this service that it does not serve yet (their screens come later). */
  notYetServed: readonly RouteDeclaration[] = [],
) {
  const secret = `${name}-test-secret`;
  const person = { id: 'u1', role: 'reviewer' as const, name: 'Test Person' };

  describe(`${name} service with a database`, () => {
    let mongo: TestMongo;
    let app: ServiceApp;
    beforeAll(async () => {
      mongo = await startTestMongo();
      app = await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName(name),
        identitySecret: secret,
        logger: false,
      });
    }, 30_000);
    afterAll(async () => {
      await app?.database?.db.dropDatabase().catch(() => undefined);
      await app?.close();
      await mongo?.stop();
    });

    it('is healthy and ready', async () => {
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', service: name });
      let res = await app.inject({ url: '/readyz' });
      for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await app.inject({ url: '/readyz' });
      }
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'up' });
    });
  });

  describe(`${name} service without its database`, () => {
    let app: ServiceApp;
    beforeAll(async () => {
      app = await buildApp({
        mongoUri: `mongodb://127.0.0.1:${await closedPort()}`,
        identitySecret: secret,
        logger: false,
      });
    });
    afterAll(() => app.close());

    it('still answers /healthz but /readyz is 503', async () => {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'down' } });
    });

    it('accepts a signed identity and rejects unsigned, badly signed, stale or misdirected ones with 401', async () => {
      const whoami = { method: 'GET', url: '/internal/whoami', service: name };
      const ok = await app.inject({ url: '/internal/whoami', headers: signIdentity(person, secret, whoami) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: person.id, role: person.role });
      const bare = { 'x-platform-identity': Buffer.from(JSON.stringify(person)).toString('base64url') };
      for (const headers of [
        {},
        bare,
        signIdentity(person, 'another-secret', whoami),
        signIdentity(person, secret, whoami, Date.now() - 10 * 60_000),
        signIdentity(person, secret, { ...whoami, service: `not-${name}` }),
        signIdentity(person, secret, { ...whoami, url: '/internal/whoami?x=1' }),
      ]) {
        const res = await app.inject({ url: '/internal/whoami', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
      }
    });

    it('serves every route declared for it, from its declaration, and no declared route of another', () => {
      const served = (r: RouteDeclaration) => app.hasRoute({ method: r.method, url: r.path });
      const mine = ROUTES.filter((r) => r.owner === name || r.owner === 'every-service');
      const pending = new Set(notYetServed.map((r) => r.name));
      expect(mine.filter((r) => !pending.has(r.name) && !served(r)).map((r) => r.name)).toEqual([]);
      // The list of routes still to build stays true: one that is served comes off it.
      expect(notYetServed.filter(served).map((r) => r.name)).toEqual([]);
      const others = ROUTES.filter((r) => r.owner !== name && r.owner !== 'every-service');
      expect(others.filter(served).map((r) => r.name)).toEqual([]);
    });

    it('describes its routes in OpenAPI', async () => {
      const doc = (await app.inject({ url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/healthz', '/readyz', '/internal/whoami']),
      );
    });
  });
}

/** One part of a test's multipart body: a field, or a file (its type defaults to application/octet-stream). */
export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body for `app.inject`, with its parts in the order given (and a fresh boundary unless one is named). */
export function multipart(
  parts: readonly MultipartPart[],
  boundary = `----platformtest${Math.random().toString(16).slice(2)}`,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** What a client sending an upload over real HTTP saw. */
export interface UploadOutcome {
  /** The answer's status; null when none came. */
  status: number | null;
  body: string;
  headers: IncomingHttpHeaders;
  /** The client's error while sending or reading (a reset connection is ECONNRESET or EPIPE), or null. */
  error: string | null;
  /** Whether the whole body went out before the connection was done with. */
  sentWhole: boolean;
}

/**
 * Sends a multipart body over real HTTP as a browser on a slow link does: in 64 kB pieces, each once the
 * connection takes it, on a kept-alive connection, going on after an answer has arrived. Resolves once both
 * the answer and the sending are over (or after `timeoutMs`), with what the client saw.
 */
export function uploadOverHttp(options: {
  port: number;
  path: string;
  parts: MultipartPart[];
  headers?: Record<string, string>;
  method?: string;
  timeoutMs?: number;
}): Promise<UploadOutcome> {
  const { payload, headers } = multipart(options.parts);
  const agent = new Agent({ keepAlive: true });
  const outcome: UploadOutcome = { status: null, body: '', headers: {}, error: null, sentWhole: false };
  return new Promise<UploadOutcome>((resolve) => {
    let answered = false;
    let sendingOver = false;
    const finish = () => {
      clearTimeout(timer);
      agent.destroy();
      resolve(outcome);
    };
    const settle = () => {
      if ((answered && sendingOver) || outcome.error) finish();
    };
    const timer = setTimeout(() => {
      outcome.error ??= 'timeout';
      finish();
    }, options.timeoutMs ?? 20_000);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method ?? 'POST',
        path: options.path,
        agent,
        headers: { ...headers, 'content-length': String(payload.length), ...options.headers },
      },
      (res) => {
        outcome.status = res.statusCode ?? null;
        outcome.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (text: string) => (outcome.body += text));
        res.on('end', () => {
          answered = true;
          settle();
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      outcome.error = err.code ?? err.message;
      settle();
    });
    req.on('finish', () => {
      outcome.sentWhole = true;
      sendingOver = true;
      settle();
    });
    let at = 0;
    const next = () => {
      if (outcome.error) return;
      if (at >= payload.length) {
        req.end();
        return;
      }
      const piece = payload.subarray(at, at + 64 * 1024);
      at += piece.length;
      if (req.write(piece)) {
        setImmediate(next);
        return;
      }
      // Once an answer has arrived, Node's client stops passing the connection's 'drain' on to the request.
      const socket = req.socket;
      let resumed = false;
      const resume = () => {
        if (resumed) return;
        resumed = true;
        req.off('drain', resume);
        socket?.off('drain', resume);
        next();
      };
      req.once('drain', resume);
      socket?.once('drain', resume);
    };
    next();
  });
}

/**
 * Every place in a database where one of `needles` (a person's id, name, e-mail) is stored, as
 * `collection: path`: in any string, any ObjectId's hex, any binary read as text, or any field name, of every
 * document of every collection, so a collection added later is searched too. Case-insensitive.
 */
export async function findMentions(db: Db, needles: readonly string[]): Promise<string[]> {
  const wanted = needles.filter((n) => n.length > 0).map((n) => n.toLowerCase());
  const found: string[] = [];
  const holds = (text: string) => {
    const lower = text.toLowerCase();
    return wanted.some((n) => lower.includes(n));
  };
  const visit = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      if (holds(value)) found.push(where);
    } else if (value instanceof ObjectId) {
      if (holds(value.toHexString())) found.push(where);
    } else if (value instanceof Binary) {
      const bytes = Buffer.from(value.buffer);
      if (holds(bytes.toString('latin1')) || holds(bytes.toString('utf8'))) found.push(where);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${where}.${i}`));
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [key, inner] of Object.entries(value)) {
        if (holds(key)) found.push(`${where}.${key} (the field's name)`);
        visit(inner, `${where}.${key}`);
      }
    }
  };
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    if (name.startsWith('system.')) continue;
    for await (const doc of db.collection(name).find()) visit(doc, `${name}: ${String(doc._id)}`);
  }
  return found;
}
export { routeFilesBelow } from './route-files';
export { dataAccessProblems, handWrittenApiPaths } from './data-access';
