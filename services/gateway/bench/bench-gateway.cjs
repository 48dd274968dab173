// @ts-check
'use strict';
// The real gateway (services/gateway/dist) for the speech benchmarks, with one change: who is signed in comes
// from an `x-bench-user` header (and `x-bench-role`, contributor by default) instead of a session, so the
// upload and download phases measure proxying and not account work.
// Whole-module requires: TypeScript's isolatedModules refuses a destructured require in a .cjs file.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// The gateway as built, typed by the sources it is built from (a path that is not a literal keeps the
// type-check on those sources rather than on the built files).
const dist = '../dist';
const gateway = /** @type {typeof import('../src/app')} */ (require(`${dist}/app.js`));

/** @typedef {import('@platform/contracts').Identity['role']} Role */

/**
 * A variable the speech benchmark always sets; without it the gateway could not run.
 * @param {string} name
 */
function requiredEnv(name) {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

async function main() {
  const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shell-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>bench</title>');
  const app = await gateway.buildApp({
    upstreams: { text: requiredEnv('TEXT_URL'), speech: requiredEnv('SPEECH_URL') },
    identitySecret: requiredEnv('IDENTITY_SECRET'),
    shellDist,
    logger: false,
    resolveUser: async (request) => {
      const id = request.headers['x-bench-user'];
      const role = request.headers['x-bench-role'];
      return typeof id === 'string'
        ? {
            id,
            // The benchmark sends one of the roles; the gateway passes it on as the services expect.
            role: typeof role === 'string' ? /** @type {Role} */ (role) : 'contributor',
            name: `Bench ${id}`,
          }
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
