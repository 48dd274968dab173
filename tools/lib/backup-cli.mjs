// @ts-check
// The command lines of `npm run backup` and `npm run restore`: their flags, and paths taken from where the
// person typed the command (npm runs scripts from the repository root and says where it was called in
// INIT_CWD).
import path from 'node:path';

/**
 * @param {string[]} argv
 * @param {Record<string, 'value' | 'flag'>} known
 * @returns {Record<string, string | true>}
 */
export function parseFlags(argv, known) {
  /** @type {Record<string, string | true>} */
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const kind = known[flag];
    if (!kind) throw new Error(`unknown option ${arg}`);
    if (kind === 'flag') out[flag] = true;
    else {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (!value) throw new Error(`${flag} needs a value`);
      out[flag] = value;
    }
  }
  return out;
}

/** @param {string} file */
export const fromCaller = (file, env = process.env) => path.resolve(env.INIT_CWD ?? process.cwd(), file);

/** Refuses when the platform uses another MongoDB, whose own tools do this. */
export function externalDatabaseMessage(env = process.env) {
  return env.MONGODB_URI
    ? 'MONGODB_URI is set: this platform uses a MongoDB of its own, not the embedded database; use mongodump and mongorestore (see README "Backups")'
    : null;
}
