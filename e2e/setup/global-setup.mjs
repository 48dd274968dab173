// @ts-check
// Builds what is stale, then starts one platform for the whole suite: the same topology as `npm start`
// (tools/platform.mjs) on free ports, with the embedded database in a fresh temporary DATA_DIR, so it can
// run beside a platform someone already started on the default ports. Set E2E_DEFAULT_PORTS=1 to use
// 3000-3005/4001/4002/27027 instead. The children's logs go to a file whose path is printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPlatform, startPlatform, freePorts, loadRemoteCatalog } from '../../tools/platform.mjs';
import { fileLog } from '../../tools/lib/log.mjs';
import { startControlServer } from './control-server.mjs';
import { signUpMember } from '../../tools/lib/member-session.mjs';

/**
 * What the teardown stops.
 * @typedef {{ platform: Awaited<ReturnType<typeof startPlatform>>, control: Awaited<ReturnType<typeof startControlServer>>, log: import('../../tools/lib/log.mjs').FileLog, dataDir: string }} E2EState
 */

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-e2e-'));
  const logFile = path.join(dataDir, 'platform.log');
  const log = fileLog(logFile);
  process.stderr.write(`\ne2e: building and starting the platform (logs: ${logFile})\n`);

  const started = Date.now();
  if (process.env.E2E_SKIP_BUILD !== '1') await buildPlatform({ log });
  const built = Date.now();

  const catalog = loadRemoteCatalog();
  /** @type {NonNullable<Parameters<typeof startPlatform>[0]>['ports']} */
  let ports = {};
  if (process.env.E2E_DEFAULT_PORTS !== '1') {
    const [gateway, text, speech, mongo, ...remotePorts] = await freePorts(4 + catalog.length);
    ports = {
      gateway,
      text,
      speech,
      mongo,
      remotes: Object.fromEntries(catalog.map((r, i) => [r.key, remotePorts[i]])),
    };
  }
  // The suite owns its database and its remotes: nothing from the caller's environment may redirect them.
  // One proxy hop is trusted, so the people the tests sign up through the API each come from their own address
  // (src/support/client-address.ts) and the per-client sign-up limit holds as it does for real people.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, DATA_DIR: dataDir, TRUST_PROXY: '1' };
  delete env.MONGODB_URI;
  for (const r of catalog) delete env[`REMOTE_${r.key.toUpperCase()}_URL`];

  let platform;
  try {
    platform = await startPlatform({
      env,
      ports,
      dataDir,
      log,
      dieWithParentSignals: true,
      // Tests would then fail on refused connections; say why, once, where the run's output shows it.
      onFailure: ({ reason }) =>
        process.stderr.write(`\ne2e: ${reason}; the platform was stopped. See ${logFile}\n`),
    });
  } catch (error) {
    await log.close();
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
    throw new Error(`${/** @type {Error} */ (error).message}\n--- last lines of ${logFile} ---\n${tail}`, {
      cause: error,
    });
  }
  const control = await startControlServer(platform);
  let member;
  try {
    member = await signUpMember(platform.urls.site, platform.dataDir);
  } catch (error) {
    await control.close();
    await platform.stop();
    throw new Error(
      `could not sign a test member in: ${/** @type {Error} */ (error).message} (platform log: ${logFile})`,
      { cause: error },
    );
  }
  process.stderr.write(
    `e2e: platform ready at ${platform.urls.site} (build ${((built - started) / 1000).toFixed(1)} s, start ${((Date.now() - built) / 1000).toFixed(1)} s)\n`,
  );

  /** @type {typeof globalThis & { __E2E__?: E2EState }} */ (globalThis).__E2E__ = {
    platform,
    control,
    log,
    dataDir,
  };
  Object.assign(process.env, {
    E2E_SITE_URL: platform.urls.site,
    E2E_CONTROL_URL: control.url,
    E2E_REMOTE_URLS: JSON.stringify(platform.urls.remotes),
    E2E_LOG_FILE: logFile,
    E2E_DATA_DIR: platform.dataDir,
    E2E_MONGODB_URI: platform.urls.mongo,
    E2E_SESSION_COOKIE: member.cookie,
  });
}
