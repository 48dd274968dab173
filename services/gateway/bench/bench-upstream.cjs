// @ts-check
// A stand-in service for the gateway benchmark, built on the same service kit as the real services, with
// one trivial route under a proxied prefix. Prints its port on stdout once listening.
// Whole-module require: TypeScript's isolatedModules refuses a destructured require in a .cjs file.
const serviceKit = require('@platform/service-kit');

async function main() {
  const app = await serviceKit.createService({
    name: 'bench-upstream',
    logger: { level: process.env.LOG_LEVEL || 'warn' },
    routes: async (instance) => {
      instance.get('/api/text-audio-pairs/bench', async () => ({ ok: true, text: 'Ẹ kú àárọ̀' }));
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
  process.stdout.write(`${/** @type {import('node:net').AddressInfo} */ (app.server.address()).port}\n`);
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
