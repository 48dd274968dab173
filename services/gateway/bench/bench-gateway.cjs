// @ts-check
'use strict';
// The gateway's edge as it proxies (services/gateway/dist) for the speech benchmarks: its security headers,
// path guard, compression, identity hook and proxy, with who is signed in taken from an `x-bench-user` header
// (and `x-bench-role`, contributor by default) instead of a session or an API token. The gateway's own
// features, its database, the per-person write limits and the storage gate are left out, so the upload and
// download phases measure proxying and not account work.
const fastifyCompress = require('@fastify/compress');
const kit = require('@platform/service-kit');

// The gateway as built, typed by the sources it is built from (a path that is not a literal keeps the
// type-check on those sources rather than on the built files).
const dist = '../dist';
const compression = /** @type {typeof import('../src/edge/compression')} */ (
  require(`${dist}/edge/compression.js`)
);
const identity = /** @type {typeof import('../src/edge/identity')} */ (require(`${dist}/edge/identity.js`));
const pathGuard = /** @type {typeof import('../src/edge/path-guard')} */ (
  require(`${dist}/edge/path-guard.js`)
);
const proxy = /** @type {typeof import('../src/edge/proxy')} */ (require(`${dist}/edge/proxy.js`));
const pools = /** @type {typeof import('../src/edge/upstream-pool')} */ (
  require(`${dist}/edge/upstream-pool.js`)
);
const remotes = /** @type {typeof import('../src/edge/remotes-manifest')} */ (
  require(`${dist}/edge/remotes-manifest.js`)
);
const routing = /** @type {typeof import('../src/edge/routing-table')} */ (
  require(`${dist}/edge/routing-table.js`)
);
const securityHeaders = /** @type {typeof import('../src/edge/security-headers')} */ (
  require(`${dist}/edge/security-headers.js`)
);

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
  const identitySecret = requiredEnv('IDENTITY_SECRET');
  const upstreams = {
    text: new pools.UpstreamPool(requiredEnv('TEXT_URL')),
    speech: new pools.UpstreamPool(requiredEnv('SPEECH_URL')),
  };
  const app = await kit.createService({
    name: 'gateway',
    logger: false,
    setup: async (root) => {
      securityHeaders.registerSecurityHeaders(root, remotes.remoteOrigins(remotes.buildRemotesManifest()));
      pathGuard.registerPathGuard(root);
    },
    routes: async (scope) => {
      await scope.register(fastifyCompress, {
        global: true,
        threshold: compression.COMPRESSION_THRESHOLD_BYTES,
        encodings: ['gzip'],
      });
      identity.identityHook(scope, async (request) => {
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
      });
      await scope.register(proxy.proxyRoutes, {
        upstreams,
        table: routing.ROUTING_TABLE,
        identitySecret,
        timeouts: proxy.DEFAULT_UPSTREAM_TIMEOUTS,
        // No quota here: the benchmark's uploads are what is measured.
        storageGate: async () => {},
      });
    },
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
