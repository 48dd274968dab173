'use strict';
// The real gateway (services/gateway/dist) for the benchmark, with one change: who is signed in comes from an
// `x-bench-user` header (and `x-bench-role`, contributor by default) instead of a session, so the upload and
// download phases measure proxying and not account work.
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildApp } = require('../../gateway/dist/app.js');

async function main() {
  const shellDist = mkdtempSync(join(tmpdir(), 'bench-shell-'));
  writeFileSync(join(shellDist, 'index.html'), '<!doctype html><title>bench</title>');
  const app = await buildApp({
    upstreams: { text: process.env.TEXT_URL, speech: process.env.SPEECH_URL },
    identitySecret: process.env.IDENTITY_SECRET,
    shellDist,
    logger: false,
    resolveUser: async (request) => {
      const id = request.headers['x-bench-user'];
      const role = request.headers['x-bench-role'];
      return typeof id === 'string'
        ? { id, role: typeof role === 'string' ? role : 'contributor', name: `Bench ${id}` }
        : null;
    },
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
