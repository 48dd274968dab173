// @ts-check
// Stops everything the global setup started and removes its temporary data folder (kept, with its log,
// when E2E_KEEP_DATA=1). Prints nothing, so Jest's summary stays the last thing in the output.
import fs from 'node:fs';

export default async function globalTeardown() {
  const state = /** @type {typeof globalThis & { __E2E__?: import('./global-setup.mjs').E2EState }} */ (
    globalThis
  ).__E2E__;
  if (!state) return;
  await state.control.close();
  await state.platform.stop();
  await state.log.close();
  if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(state.dataDir, { recursive: true, force: true });
}
