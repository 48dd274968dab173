// @ts-check
// What a personal API token costs the gateway per request, beside a session cookie: sequential GETs through
// the gateway (in-process inject) to a loopback stand-in service, with the gateway's accounts on the embedded
// MongoDB. A token request looks the token and its owner up and counts one call in the MongoDB rate-limit
// store (a durable write); a session is remembered in the process. Also: how long the public OpenAPI document
// takes to build (once, on its first request) and its size.
// Usage (after `npx nx run @platform/gateway:build`): node services/gateway/bench/api-tokens.mjs [N]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { ObjectId } = require('mongodb');
const { startTestMongo } = require('@platform/service-kit/testing');
// The gateway as built, typed by the sources it is built from (a path that is not a literal keeps the
// type-check on those sources rather than on the built files).
const dist = '../dist';
const { buildApp } = /** @type {typeof import('../src/app')} */ (require(`${dist}/app.js`));
const { buildPublicOpenApi } = /** @type {typeof import('../src/edge/public-openapi')} */ (
  require(`${dist}/edge/public-openapi.js`)
);

const N = Number(process.argv[2] ?? 1000);
const ROUNDS = 3;
/** @param {string} s */
const digest = (s) => createHash('sha256').update(s).digest('hex');
/** @param {number[]} values NaN for none */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dataDir = mkdtempSync(join(tmpdir(), 'api-tokens-bench-'));
const mongo = await startTestMongo();
const upstream = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
});
await /** @type {Promise<void>} */ (new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve)));
// A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`;
const app = await buildApp({
  upstreams: { text: url, speech: url },
  identitySecret: 'bench',
  shellDist: dataDir,
  logger: false,
  mongoUri: mongo.uri,
  dbName: `bench_tokens_${Date.now()}`,
  dataDir,
  apiTokens: { rateLimit: { max: 1e9, windowMs: 60_000 } },
});
try {
  for (let i = 0; i < 100 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const db = app.database?.db;
  if (!db) throw new Error('the gateway opened no database');
  const userId = new ObjectId();
  await db.collection('users').insertOne({
    _id: userId,
    email: 'bench@example.org',
    firstname: 'Bench',
    lastname: 'Mark',
    role: 'researcher',
    passwordHash: 'unused',
    verified: true,
    createdAt: new Date(),
  });
  const session = randomBytes(32).toString('base64url');
  await db.collection('sessions').insertOne({
    _id: new ObjectId(),
    hash: digest(session),
    userId,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const cookie = { cookie: `plt=${session}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    payload: { name: 'bench' },
    headers: cookie,
  });
  const bearer = { authorization: `Bearer ${created.json().secret}` };

  /** @param {Record<string, string>} headers */
  const run = async (headers) => {
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const res = await app.inject({ url: '/api/datasets/bench', headers });
      if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    }
    return (performance.now() - started) / N;
  };
  await run(cookie);
  await run(bearer);
  /** @type {{ cookie: number[], bearer: number[] }} */
  const times = { cookie: [], bearer: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.cookie.push(await run(cookie));
    times.bearer.push(await run(bearer));
  }
  console.log(
    `\nPer request through the gateway (median of ${ROUNDS} alternating runs of ${N} sequential GETs):`,
  );
  console.log(`  session cookie   ${median(times.cookie).toFixed(2)} ms`);
  console.log(`  API token        ${median(times.bearer).toFixed(2)} ms`);

  const started = performance.now();
  // The parts of the OpenAPI document read here.
  const doc = /** @type {{ paths: Record<string, Record<string, { security?: object[] }>> }} */ (
    await buildPublicOpenApi('http://localhost:3000')
  );
  const ms = performance.now() - started;
  const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
  const withToken = operations.filter((op) => (op.security ?? []).some((s) => 'apiToken' in s));
  console.log(
    `\nOpenAPI document: built in ${ms.toFixed(0)} ms, ${operations.length} operations ` +
      `(${withToken.length} accept a token), ${(JSON.stringify(doc).length / 1024).toFixed(0)} KB of JSON`,
  );
} finally {
  await app.close();
  upstream.close();
  await mongo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
